import { type Dispatch, type SetStateAction, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ulid } from 'ulid';
import { Field, FormError, SubmitRow, UpgradePrompt } from '@/components';
import { useTranslation } from '@/i18n';
import { paths } from '@/lib/paths';
import { subTasksOf, type TaskIndex, tasksOf } from '../lib/task-suggestions';
import type { EntryAction } from './entry-action';
import { SuggestInput } from './SuggestInput';

/*
 * The parts the time and the money entry forms share: project, task, sub-task and day; one id per
 * new entry; the save's error, its Save and Close, and the upgrade prompt. What differs stays in
 * each form: start, end, duration and the timer; the amount, income or expense, and notes.
 */

/** What every entry has besides its project. */
export interface EntryDraft {
  activity: string;
  description: string;
  /** 'yyyy-mm-dd' */
  day: string;
}

export interface EntryState<D> {
  projectId: string | undefined;
  setProjectId: (projectId: string) => void;
  draft: D;
  setDraft: Dispatch<SetStateAction<D>>;
  /** The id a new entry is created with. */
  entryId: string;
  /** After a create: the next entry gets a new id. */
  nextEntry: () => void;
}

/**
 * The state of an entry form: the project (from the route, or the edited entry's) and the draft,
 * both reset when the entry being edited arrives or changes.
 */
export function useEntryState<A extends { projectId: string }, D extends EntryDraft>(
  activity: A | undefined,
  initialProjectId: string | undefined,
  draftOf: (activity: A) => D,
  emptyDraft: () => D,
): EntryState<D> {
  const [projectId, setProjectId] = useState<string | undefined>(activity?.projectId ?? initialProjectId);
  const [draft, setDraft] = useState<D>(() => (activity ? draftOf(activity) : emptyDraft()));
  // One id per new entry, kept across failed attempts, so a retry can never count it twice.
  const [entryId, setEntryId] = useState(() => ulid());

  useEffect(() => {
    if (activity) {
      setDraft(draftOf(activity));
      setProjectId(activity.projectId);
    }
  }, [activity, draftOf]);

  return { projectId, setProjectId, draft, setDraft, entryId, nextEntry: () => setEntryId(ulid()) };
}

export interface TaskFieldsProps {
  /** The earlier tasks and sub-tasks, per project. */
  index: TaskIndex;
  projectId: string | undefined;
  value: Pick<EntryDraft, 'activity' | 'description'>;
  onChange: (patch: Partial<EntryDraft>) => void;
}

/** Task and Sub-Task, suggesting the chosen project's earlier ones (sub-tasks of the typed task). */
export function TaskFields({ index, projectId, value, onChange }: TaskFieldsProps) {
  const { t } = useTranslation();
  const tasks = useMemo(() => tasksOf(index, projectId), [index, projectId]);
  const subTasks = useMemo(
    () => subTasksOf(index, projectId, value.activity),
    [index, projectId, value.activity],
  );
  return (
    <>
      <SuggestInput
        label={t('entry.task')}
        name="activity"
        value={value.activity}
        onChange={(activity) => onChange({ activity })}
        suggestions={tasks}
      />
      <SuggestInput
        label={t('entry.subTask')}
        name="description"
        value={value.description}
        onChange={(description) => onChange({ description })}
        suggestions={subTasks}
      />
    </>
  );
}

/** The entry's day. */
export function DayField({ value, onChange }: { value: string; onChange: (day: string) => void }) {
  const { t } = useTranslation();
  return (
    <Field label={t('entry.date')}>
      <input type="date" required value={value} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}

export interface EntryFormEndProps {
  save: EntryAction;
  submitLabel: string;
  closeLabel: string;
  /** Edit mode: Close goes back to the entry's project, else to /home. */
  editing: boolean;
  projectId: string | undefined;
}

/** The end of an entry form: why the save failed, Save and Close, and the upgrade prompt. */
export function EntryFormEnd({ save, submitLabel, closeLabel, editing, projectId }: EntryFormEndProps) {
  return (
    <>
      <FormError>{save.error}</FormError>
      <SubmitRow label={submitLabel} disabled={save.busy}>
        <Link
          className="btn btn-secondary"
          to={editing && projectId ? paths.projectDetails(projectId) : paths.home}
        >
          {closeLabel}
        </Link>
      </SubmitRow>
      <UpgradePrompt {...save.upgrade} />
    </>
  );
}
