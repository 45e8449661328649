import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '@/components';
import { useTranslation } from '@/i18n';
import { isoOfDay, toIsoDay } from '@/lib/format';
import { paths } from '@/lib/paths';
import {
  TIME_ENTRIES,
  type TimeActivity,
  type TimeActivityInput,
  useCreateEntry,
  useUpdateEntry,
} from '../api/entries';
import { type BillingValue, billingBody } from '../components/BillingFields';
import { type EntryDraft, useEntryState } from '../components/EntryForm';
import { useEntryAction } from '../components/entry-action';
import { endsNextDay, isEmptyRange, resolveRange, type TimeRange, timeOfMoment } from '../lib/time-entry';
import { useTimerControl } from './use-timer-control';

export type TimeDraft = EntryDraft & TimeRange & BillingValue;

const emptyDraft = (): TimeDraft => ({
  activity: '',
  description: '',
  day: toIsoDay(new Date()),
  start: '',
  end: '',
  nextDay: false,
  duration: 0,
  billable: null,
  tags: [],
});

/** The form's draft of a stored entry (an entry that ran past midnight keeps its "+1 day"). */
export const draftOf = (a: TimeActivity): TimeDraft => ({
  activity: a.activity,
  description: a.description,
  day: a.date.slice(0, 10),
  start: timeOfMoment(a.startTime),
  end: timeOfMoment(a.endTime),
  nextDay: endsNextDay(a.startTime, a.endTime),
  // Milliseconds (seconds from the timer are kept).
  duration: a.duration,
  billable: a.billable ?? null,
  tags: a.tags ?? [],
});

/** What a timer started from the form takes of the draft: task, sub-task, billable and tags. */
const timerInput = (d: TimeDraft) => ({
  activity: d.activity,
  description: d.description,
  ...billingBody(d),
});
/** The draft once its timer started: what the timer took is cleared. */
const withoutTimerInput = (d: TimeDraft): TimeDraft => ({
  ...d,
  activity: '',
  description: '',
  billable: null,
  tags: [],
});

/** Why nothing was saved: the specification's time traveller, or an entry of no length. */
export type EntryNotice = 'timeTraveller' | 'nothingTracked' | null;

/**
 * The state and actions of 'Track time for a project' and of a time entry's edit form. Save
 * refuses a start after the end (the time traveller's notice) and an entry of no length; Enter
 * in a field starts the timer while nothing is entered yet, and otherwise saves. `onCleared` runs
 * after 'Save and clear' (the form puts the focus on Task for the next entry).
 */
export function useTimeEntryForm(activity?: TimeActivity, initialProjectId?: string, onCleared?: () => void) {
  const { t } = useTranslation();
  const editing = activity !== undefined;
  const toast = useToast();
  const navigate = useNavigate();
  const createTimeActivity = useCreateEntry(TIME_ENTRIES);
  const updateTimeActivity = useUpdateEntry(TIME_ENTRIES);
  const state = useEntryState(activity, initialProjectId, draftOf, emptyDraft);
  const { projectId, setProjectId, draft, setDraft } = state;
  const [notice, setNotice] = useState<EntryNotice>(null);
  const save = useEntryAction((reason) =>
    reason ? t('entry.saveFailedReason', { reason }) : t('entry.saveFailed'),
  );
  const timer = useTimerControl();
  const resolved = resolveRange(draft.day, draft);

  // After a reload the form shows the project the running timer is for.
  const timerProject = timer.running?.projectId;
  useEffect(() => {
    if (!editing && !projectId && timerProject) setProjectId(timerProject);
  }, [editing, projectId, timerProject, setProjectId]);

  const set = (patch: Partial<TimeDraft>) => {
    setNotice(null);
    setDraft((d) => ({ ...d, ...patch }));
  };

  const onSave = async () => {
    // Without a project the save does nothing.
    if (save.busy || !projectId) return;
    if (resolved.startAfterEnd) return setNotice('timeTraveller');
    if (resolved.duration === 0 && activity?.duration !== 0) return setNotice('nothingTracked');
    const input: TimeActivityInput = {
      projectId,
      activity: draft.activity.trim(),
      description: draft.description.trim(),
      date: isoOfDay(draft.day || toIsoDay(new Date())),
      startTime: resolved.startTime,
      endTime: resolved.endTime,
      duration: resolved.duration,
      ...billingBody(draft, editing),
    };
    // On a failure the entry stays in the form so nothing is lost.
    await save.run(async () => {
      if (activity) {
        await updateTimeActivity(activity._id, input, activity.projectId);
        toast.show(t('entry.timeSaved'), 1500);
        navigate(paths.projectDetails(projectId));
      } else {
        await createTimeActivity({ ...input, _id: state.entryId });
        state.nextEntry();
        toast.show(t('entry.timeTracked'), 1500);
        // The day stays: back-filling a week is one day after another, not today each time.
        setDraft((d) => ({ ...emptyDraft(), day: d.day }));
        onCleared?.();
      }
    });
  };

  const onStartTimer = () =>
    timer.start({ projectId, ...timerInput(draft) }, () => setDraft(withoutTimerInput));

  /** Enter in a field: the timer while nothing is entered (a new entry), else the save. */
  const onEnter = () => (!editing && isEmptyRange(draft) ? onStartTimer() : onSave());

  return {
    editing,
    projectId,
    setProjectId,
    draft,
    set,
    resolved,
    notice,
    save,
    timer,
    onSave,
    onStartTimer,
    onEnter,
  };
}
