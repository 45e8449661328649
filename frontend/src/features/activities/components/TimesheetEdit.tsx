import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { Button, Field, FormError, NamedOptions, SubmitRow } from '@/components';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/error-text';
import { isoOfDay } from '@/lib/format';
import { TIME_ENTRIES, type TimeActivity, useUpdateEntry } from '../api/entries';
import { draftOf, type TimeDraft } from '../hooks/use-time-entry-form';
import { resolveRange } from '../lib/time-entry';
import { BillingFields, billingBody } from './BillingFields';
import { DayField } from './EntryForm';
import { EntryNoticeText, enterInField } from './TimeActivityForm';
import { TimeRangeFields } from './TimeRangeFields';

export interface TimesheetEditProps {
  entry: TimeActivity;
  /** The projects an entry can be moved to. */
  projects: { _id: string; name: string }[];
  onDone: () => void;
  onCancel: () => void;
}

interface WhatFieldsProps {
  projects: TimesheetEditProps['projects'];
  projectId: string;
  onProject: (projectId: string) => void;
  draft: TimeDraft;
  set: (patch: Partial<TimeDraft>) => void;
  first: RefObject<HTMLSelectElement | null>;
}

/** Project (choosing another moves the entry), task and sub-task of the edit. */
function WhatFields({ projects, projectId, onProject, draft, set, first }: WhatFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={t('projects.project')} hint={t('daily.moveHint')}>
        <select ref={first} value={projectId} onChange={(e) => onProject(e.target.value)}>
          <NamedOptions items={projects} />
        </select>
      </Field>
      <Field label={t('entry.task')}>
        <input
          type="text"
          value={draft.activity}
          maxLength={200}
          onChange={(e) => set({ activity: e.target.value })}
        />
      </Field>
      <Field label={t('entry.subTask')}>
        <input
          type="text"
          value={draft.description}
          maxLength={200}
          onChange={(e) => set({ description: e.target.value })}
        />
      </Field>
    </>
  );
}

/**
 * The in-place edit of one timesheet entry: project (choosing another moves it), task, sub-task,
 * billable, tags, day, start, end (+1 day) and duration. The first field takes the focus; Escape cancels.
 */
export function TimesheetEdit({ entry, projects, onDone, onCancel }: TimesheetEditProps) {
  const update = useUpdateEntry(TIME_ENTRIES);
  const { t } = useTranslation();
  const [draft, setDraft] = useState<TimeDraft>(() => draftOf(entry));
  const [projectId, setProjectId] = useState(entry.projectId);
  const [timeTraveller, setTimeTraveller] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);
  const set = (patch: Partial<TimeDraft>) => {
    setTimeTraveller(false);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const resolved = resolveRange(draft.day, draft);

  const save = async () => {
    if (resolved.startAfterEnd) return setTimeTraveller(true);
    setBusy(true);
    setError(null);
    try {
      const { startTime, endTime, duration } = resolved;
      const body = { projectId, activity: draft.activity.trim(), description: draft.description.trim() };
      await update(
        entry._id,
        { ...body, date: isoOfDay(draft.day), startTime, endTime, duration, ...billingBody(draft, true) },
        entry.projectId,
      );
      onDone();
    } catch (err) {
      setError(err instanceof Error ? errorMessage(err) : t('timesheet.saveFailed'));
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };

  return (
    <form
      className="timesheet-edit-form"
      onSubmit={submit}
      aria-label={t('timesheet.editForm')}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !e.defaultPrevented) {
          e.preventDefault();
          onCancel();
        } else enterInField(e, () => void save());
      }}
    >
      <WhatFields
        projects={projects}
        projectId={projectId}
        onProject={setProjectId}
        draft={draft}
        set={set}
        first={first}
      />
      <BillingFields value={draft} billableByDefault={entry.billable} onChange={set} />
      <DayField value={draft.day} onChange={(day) => set({ day })} />
      <TimeRangeFields
        value={{ ...draft, duration: resolved.duration }}
        durationFromTimes={resolved.fromTimes}
        onChange={set}
      />
      <EntryNoticeText
        notice={timeTraveller ? 'timeTraveller' : null}
        onNextDay={draft.nextDay ? undefined : () => set({ nextDay: true })}
      />
      <FormError>{error}</FormError>
      <SubmitRow label={t('common.save')} disabled={busy}>
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </SubmitRow>
    </form>
  );
}
