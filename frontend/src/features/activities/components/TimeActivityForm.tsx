import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '@/components';
import { useTranslation } from '@/i18n';
import { isoOfDay, toIsoDay } from '@/lib/format';
import { paths } from '@/lib/paths';
import { type TimeActivityInput, useCreateTimeActivity } from '../api/create-time-activity';
import { useTaskList } from '../api/get-task-list';
import type { TimeActivity } from '../api/get-time-activities';
import { useUpdateTimeActivity } from '../api/update-time-activity';
import { durationBetween, momentOf, startIsAfterEnd, timeOfMoment } from '../lib/time-entry';
import { DayField, type EntryDraft, EntryFormEnd, TaskFields, useEntryState } from './EntryForm';
import { useEntryAction } from './entry-action';
import { type TimeRange, TimeRangeFields } from './TimeRangeFields';
import { TimerControls } from './TimerControls';
import type { ProjectPickerComponent } from './types';

type Draft = EntryDraft & TimeRange;

const emptyDraft = (): Draft => ({
  activity: '',
  description: '',
  day: toIsoDay(new Date()),
  start: '',
  end: '',
  duration: 0,
});

const draftOf = (a: TimeActivity): Draft => ({
  activity: a.activity,
  description: a.description,
  day: a.date.slice(0, 10),
  start: timeOfMoment(a.startTime),
  end: timeOfMoment(a.endTime),
  // Milliseconds (seconds from the timer are kept).
  duration: a.duration,
});

export interface TimeActivityFormProps {
  ProjectPicker: ProjectPickerComponent;
  /** The project chosen at first (from the route). */
  initialProjectId?: string;
  /** Edit mode: the entry being edited. Without it the form tracks new entries (with the timer). */
  activity?: TimeActivity;
}

/**
 * 'Track time for a project' (with the live timer; 'Save and clear' keeps the project) and the edit
 * form of a time entry ('Save' and 'Close' back to the project's details).
 */
export function TimeActivityForm({ ProjectPicker, initialProjectId, activity }: TimeActivityFormProps) {
  const { t } = useTranslation();
  const editing = activity !== undefined;
  const toast = useToast();
  const navigate = useNavigate();
  const createTimeActivity = useCreateTimeActivity();
  const updateTimeActivity = useUpdateTimeActivity();
  const { index } = useTaskList();
  const { projectId, setProjectId, draft, setDraft, entryId, nextEntry } = useEntryState(
    activity,
    initialProjectId,
    draftOf,
    emptyDraft,
  );
  const [timeTraveller, setTimeTraveller] = useState(false);
  const save = useEntryAction((reason) =>
    reason ? t('entry.saveFailedReason', { reason }) : t('entry.saveFailed'),
  );

  const bothTimes = draft.start !== '' && draft.end !== '';
  const set = (patch: Partial<Draft>) =>
    setDraft((d) => {
      const next = { ...d, ...patch };
      // With both times set the duration is end − start (it cannot be negative).
      const between = durationBetween(next.start, next.end);
      if (('start' in patch || 'end' in patch) && between !== null) next.duration = Math.max(0, between);
      return next;
    });

  useEffect(() => {
    if (!startIsAfterEnd(draft.start, draft.end)) setTimeTraveller(false);
  }, [draft.start, draft.end]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (save.busy) return;
    // Without a project the save does nothing.
    if (!projectId) return;
    if (startIsAfterEnd(draft.start, draft.end)) {
      setTimeTraveller(true);
      return;
    }
    const input: TimeActivityInput = {
      projectId,
      activity: draft.activity.trim(),
      description: draft.description.trim(),
      date: isoOfDay(draft.day || toIsoDay(new Date())),
      startTime: draft.start ? momentOf(draft.day, draft.start) : null,
      endTime: draft.end ? momentOf(draft.day, draft.end) : null,
      duration: draft.duration,
    };
    // On a failure the entry stays in the form so nothing is lost.
    await save.run(async () => {
      if (activity) {
        await updateTimeActivity(activity._id, input, activity.projectId);
        toast.show(t('entry.timeSaved'), 1500);
        navigate(paths.projectDetails(projectId));
      } else {
        await createTimeActivity({ ...input, _id: entryId });
        nextEntry();
        toast.show(t('entry.timeTracked'), 1500);
        setDraft(emptyDraft());
      }
    });
  };

  return (
    <form className="card entry-form" onSubmit={submit} aria-labelledby="time-form-title">
      <h1 id="time-form-title">{editing ? t('entry.editTime') : t('entry.trackTime')}</h1>
      <ProjectPicker value={projectId} onChange={setProjectId} />
      <TaskFields index={index} projectId={projectId} value={draft} onChange={set} />
      <DayField value={draft.day} onChange={(day) => set({ day })} />
      <div className="field-row">
        <TimeRangeFields value={draft} durationFromTimes={bothTimes} onChange={set} />
      </div>
      {timeTraveller ? (
        <p role="alert" className="time-traveller">
          {t('entry.timeTraveller')}
        </p>
      ) : null}
      {editing ? null : (
        <TimerControls
          projectId={projectId}
          activity={draft.activity}
          description={draft.description}
          onStarted={() => setDraft((d) => ({ ...d, activity: '', description: '' }))}
        />
      )}
      <EntryFormEnd
        save={save}
        submitLabel={editing ? t('common.save') : t('entry.saveAndClear')}
        closeLabel={t('common.close')}
        editing={editing}
        projectId={projectId}
      />
    </form>
  );
}
