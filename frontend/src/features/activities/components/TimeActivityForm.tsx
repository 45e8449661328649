import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ulid } from 'ulid';
import { Button, UpgradePrompt, upgradeMessageFor, useToast } from '@/components';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/i18n/errors';
import { formatDurationLong, isoOfDay, toIsoDay } from '@/lib/format';
import { paths } from '@/lib/paths';
import { type TimeActivityInput, useCreateTimeActivity } from '../api/create-time-activity';
import { useTaskList } from '../api/get-task-list';
import type { TimeActivity } from '../api/get-time-activities';
import { useElapsed, useRunningTimer, useTimerActions } from '../api/timer';
import { useUpdateTimeActivity } from '../api/update-time-activity';
import { subTasksOf, tasksOf } from '../lib/task-suggestions';
import { durationBetween, momentOf, startIsAfterEnd, timeOfMoment } from '../lib/time-entry';
import { DurationInput } from './DurationInput';
import { SuggestInput } from './SuggestInput';
import type { ProjectPickerComponent } from './types';

interface Draft {
  activity: string;
  description: string;
  day: string;
  start: string;
  end: string;
  /** Milliseconds (seconds from the timer are kept). */
  duration: number;
}

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
  const { data: timer } = useRunningTimer();
  const timerActions = useTimerActions();
  const running = timer?.running ? timer : null;
  const elapsed = useElapsed(running?.startedAt);
  const [timerError, setTimerError] = useState<string | null>(null);
  const toast = useToast();
  const navigate = useNavigate();
  const createTimeActivity = useCreateTimeActivity();
  // One id per new entry, kept across failed attempts, so a retry can never count it twice.
  const [entryId, setEntryId] = useState(() => ulid());
  const updateTimeActivity = useUpdateTimeActivity();
  const { index } = useTaskList();
  const ids = { day: useId(), start: useId(), end: useId() };
  const [projectId, setProjectId] = useState<string | undefined>(activity?.projectId ?? initialProjectId);
  const [draft, setDraft] = useState<Draft>(() => (activity ? draftOf(activity) : emptyDraft()));
  const [timeTraveller, setTimeTraveller] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [upgrade, setUpgrade] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (activity) {
      setDraft(draftOf(activity));
      setProjectId(activity.projectId);
    }
  }, [activity]);

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

  const tasks = useMemo(() => tasksOf(index, projectId), [index, projectId]);
  const subTasks = useMemo(
    () => subTasksOf(index, projectId, draft.activity),
    [index, projectId, draft.activity],
  );

  const [timerBusy, setTimerBusy] = useState(false);
  /**
   * The timer lives on the server: Start begins it with the chosen project, task and sub-task
   * (saving a timer already running elsewhere first); Stop saves it as an entry; Discard drops it.
   */
  const timerAction = async (action: 'start' | 'stop' | 'discard') => {
    if (timerBusy) return;
    setTimerError(null);
    if (action === 'start' && !projectId) {
      setTimerError(t('entry.timerNeedsProject'));
      return;
    }
    setTimerBusy(true);
    try {
      if (action === 'start' && projectId) {
        await timerActions.start(
          { projectId, activity: draft.activity.trim(), description: draft.description.trim() },
          timer,
        );
        setDraft((d) => ({ ...d, activity: '', description: '' }));
      } else if (action === 'stop') {
        await timerActions.stop();
        toast.show(t('entry.timeTracked'), 1500);
      } else {
        await timerActions.discard();
      }
    } catch (err) {
      const message = upgradeMessageFor(err);
      if (message) setUpgrade(message);
      else setTimerError(err instanceof Error && err.message ? errorMessage(err) : t('entry.timerFailed'));
    } finally {
      setTimerBusy(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    // Specification §5: without a project the save silently does nothing.
    if (!projectId) return;
    if (startIsAfterEnd(draft.start, draft.end)) {
      setTimeTraveller(true);
      return;
    }
    const duration = draft.duration;
    const input: TimeActivityInput = {
      projectId,
      activity: draft.activity.trim(),
      description: draft.description.trim(),
      date: isoOfDay(draft.day || toIsoDay(new Date())),
      startTime: draft.start ? momentOf(draft.day, draft.start) : null,
      endTime: draft.end ? momentOf(draft.day, draft.end) : null,
      duration,
    };
    setBusy(true);
    setSaveError(null);
    try {
      if (activity) {
        await updateTimeActivity(activity._id, input, activity.projectId);
        toast.show(t('entry.timeSaved'), 1500);
        navigate(paths.projectDetails(projectId));
      } else {
        await createTimeActivity({ ...input, _id: entryId });
        setEntryId(ulid());
        toast.show(t('entry.timeTracked'), 1500);
        setDraft(emptyDraft());
      }
    } catch (err) {
      const message = upgradeMessageFor(err);
      if (message) setUpgrade(message);
      // The entry stays in the form so nothing is lost.
      else
        setSaveError(
          err instanceof Error && err.message
            ? t('entry.saveFailedReason', { reason: errorMessage(err) })
            : t('entry.saveFailed'),
        );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card entry-form" onSubmit={submit} aria-labelledby="time-form-title">
      <h1 id="time-form-title">{editing ? t('entry.editTime') : t('entry.trackTime')}</h1>
      <ProjectPicker value={projectId} onChange={setProjectId} />
      <SuggestInput
        label={t('entry.task')}
        name="activity"
        value={draft.activity}
        onChange={(v) => set({ activity: v })}
        suggestions={tasks}
      />
      <SuggestInput
        label={t('entry.subTask')}
        name="description"
        value={draft.description}
        onChange={(v) => set({ description: v })}
        suggestions={subTasks}
      />
      <div className="field">
        <label htmlFor={ids.day}>{t('entry.date')}</label>
        <input
          id={ids.day}
          type="date"
          required
          value={draft.day}
          onChange={(e) => set({ day: e.target.value })}
        />
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor={ids.start}>{t('entry.start')}</label>
          <input
            id={ids.start}
            type="time"
            value={draft.start}
            onChange={(e) => set({ start: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.end}>{t('entry.end')}</label>
          <input id={ids.end} type="time" value={draft.end} onChange={(e) => set({ end: e.target.value })} />
        </div>
        <DurationInput
          label={t('entry.duration')}
          value={draft.duration}
          readOnly={bothTimes}
          hint={bothTimes ? t('entry.endMinusStart') : undefined}
          onChange={(ms) => set({ duration: ms })}
        />
      </div>
      {timeTraveller ? (
        <p role="alert" className="time-traveller">
          {t('entry.timeTraveller')}
        </p>
      ) : null}
      {editing ? null : (
        <fieldset className="timer">
          <legend className="visually-hidden">{t('entry.timer')}</legend>
          <span role="timer" aria-label={t('entry.trackedTime')} className="timer-display">
            {formatDurationLong(elapsed)}
          </span>
          {running ? (
            <>
              <Button variant="danger" onClick={() => timerAction('stop')} disabled={timerBusy}>
                {t('entry.stop')}
              </Button>
              <Button variant="ghost" onClick={() => timerAction('discard')} disabled={timerBusy}>
                {t('entry.discard')}
              </Button>
              <span className="timer-what muted">
                {[running.activity, running.description].filter(Boolean).join(' · ') || t('entry.noTask')}
              </span>
            </>
          ) : (
            <Button variant="secondary" onClick={() => timerAction('start')} disabled={timerBusy}>
              {t('entry.start')}
            </Button>
          )}
          {timerError ? (
            <p role="alert" className="form-error">
              {timerError}
            </p>
          ) : null}
        </fieldset>
      )}
      {saveError ? (
        <p role="alert" className="form-error">
          {saveError}
        </p>
      ) : null}
      <div className="form-actions">
        <Button type="submit" disabled={busy}>
          {editing ? t('common.save') : t('entry.saveAndClear')}
        </Button>
        <Link
          className="btn btn-secondary"
          to={editing && projectId ? paths.projectDetails(projectId) : paths.home}
        >
          {t('common.close')}
        </Link>
      </div>
      <UpgradePrompt open={upgrade !== null} onClose={() => setUpgrade(null)} message={upgrade ?? ''} />
    </form>
  );
}
