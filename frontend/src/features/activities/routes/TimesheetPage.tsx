import { type FormEvent, useEffect, useMemo, useState } from 'react';
import {
  Button,
  ConfirmDialog,
  Field,
  FormError,
  Spinner,
  SubmitRow,
  UpgradePrompt,
  upgradeMessageFor,
  useToast,
} from '@/components';
import { hidden, rich, useTranslation } from '@/i18n';
import { errorMessage } from '@/i18n/errors';
import { useAuth } from '@/lib/auth';
import { formatDuration, formatTime, isoOfDay, toIsoDay } from '@/lib/format';
import { useTitle } from '@/lib/use-title';
import { useDeleteTimeActivity } from '../api/delete-time-activity';
import type { TimeActivity } from '../api/get-time-activities';
import { useTimesheet } from '../api/get-timesheet';
import { useRunningTimer, useTimerActions } from '../api/timer';
import { useUpdateTimeActivity } from '../api/update-time-activity';
import { DayField } from '../components/EntryForm';
import { TimeRangeFields } from '../components/TimeRangeFields';
import { momentOf, startIsAfterEnd, timeOfMoment } from '../lib/time-entry';
import { addDays, dayHeading, daysOfWeek, startOfWeek, weekStartsOn, weekTotals } from '../lib/week';

export interface TimesheetPageProps {
  /** The user's projects (names for the rows and the project filter). */
  projects: { _id: string; name: string }[] | undefined;
}

/** Waits until typing pauses before the filter text goes to the server. */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}

/**
 * /timesheet — every time entry of one week across projects: a total per day and for the week,
 * previous / next / this week, a text and a project filter, and on each entry Continue (starts the
 * timer with its project, task and sub-task), Edit in place and Delete.
 */
export function TimesheetPage({ projects }: TimesheetPageProps) {
  const { t, language } = useTranslation();
  useTitle(t('shell.timesheet'));
  const { user } = useAuth();
  const firstDay = weekStartsOn(user?.numberFormat);
  const today = toIsoDay(new Date());
  const [weekStart, setWeekStart] = useState(() => startOfWeek(today, firstDay));
  const [text, setText] = useState('');
  const [projectId, setProjectId] = useState('');
  const q = useDebounced(text.trim(), 300);
  const days = useMemo(() => daysOfWeek(weekStart), [weekStart]);
  const weekEnd = days[6] as string;
  const {
    data: entries,
    error,
    isLoading,
    mutate,
  } = useTimesheet({
    from: weekStart,
    to: weekEnd,
    ...(projectId ? { projectId } : {}),
    ...(q ? { q } : {}),
  });
  const totals = useMemo(() => weekTotals(days, entries ?? []), [days, entries]);
  const nameOf = (id: string) => projects?.find((p) => p._id === id)?.name ?? t('projects.project');
  const thisWeek = startOfWeek(today, firstDay);

  return (
    <div className="page timesheet">
      <h1>{t('shell.timesheet')}</h1>
      <div className="timesheet-bar">
        <nav className="timesheet-weeks" aria-label={t('timesheet.weeks')}>
          <Button variant="secondary" onClick={() => setWeekStart(addDays(weekStart, -7))}>
            {t('timesheet.previous')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => setWeekStart(thisWeek)}
            disabled={weekStart === thisWeek}
          >
            {t('timesheet.this')}
          </Button>
          <Button variant="secondary" onClick={() => setWeekStart(addDays(weekStart, 7))}>
            {t('timesheet.next')}
          </Button>
        </nav>
        <Field label={t('timesheet.search')}>
          <input type="search" value={text} onChange={(e) => setText(e.target.value)} maxLength={200} />
        </Field>
        <Field label={t('projects.project')}>
          <select value={projectId} onChange={(e) => setProjectId(e.target.value)}>
            <option value="">{t('timesheet.allProjects')}</option>
            {(projects ?? []).map((p) => (
              <option key={p._id} value={p._id}>
                {p.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <dl className="timesheet-week-total">
        <dt>
          {t('timesheet.weekTotal')}{' '}
          <span className="muted">
            {t('timesheet.range', {
              from: dayHeading(weekStart, user?.numberFormat, language),
              to: dayHeading(weekEnd, user?.numberFormat, language),
            })}
          </span>
        </dt>
        <dd data-testid="week-total">{formatDuration(totals.week)}</dd>
      </dl>
      {isLoading && !entries ? <Spinner label={t('timesheet.loading')} /> : null}
      {error ? <p role="alert">{t('timesheet.loadFailed')}</p> : null}
      {days.map((day) => {
        const rows = (entries ?? []).filter((e) => e.date.slice(0, 10) === day);
        const heading = dayHeading(day, user?.numberFormat, language);
        return (
          <section key={day} className="card timesheet-day" aria-label={heading}>
            <h2>
              <span>{heading}</span>{' '}
              <span className="timesheet-day-total">
                <span className="visually-hidden">{t('timesheet.dayTotal')} </span>
                {formatDuration(totals.perDay.get(day) ?? 0)}
              </span>
            </h2>
            {rows.length === 0 ? <p className="empty muted">{t('timesheet.nothing')}</p> : null}
            <ul className="rows">
              {rows.map((entry) => (
                <TimesheetRow
                  key={entry._id}
                  entry={entry}
                  projectName={nameOf(entry.projectId)}
                  onChanged={() => mutate()}
                />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

interface RowProps {
  entry: TimeActivity;
  projectName: string;
  onChanged: () => void;
}

/** One entry: its project, task, times and duration, with Continue, Edit (in place) and Delete. */
function TimesheetRow({ entry, projectName, onChanged }: RowProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [upgrade, setUpgrade] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const deleteTimeActivity = useDeleteTimeActivity();
  const { start } = useTimerActions();
  const { data: timer } = useRunningTimer();
  const toast = useToast();
  const { t } = useTranslation();
  const task = [entry.activity, entry.description].filter(Boolean).join(' · ') || t('entry.noTask');
  const times =
    entry.startTime || entry.endTime ? `${formatTime(entry.startTime)}–${formatTime(entry.endTime)}` : '';

  const onContinue = async () => {
    setBusy(true);
    setError(null);
    try {
      await start(
        { projectId: entry.projectId, activity: entry.activity, description: entry.description },
        timer,
      );
      toast.show(t('timesheet.timerRunning'), 1500);
    } catch (err) {
      const message = upgradeMessageFor(err);
      if (message) setUpgrade(message);
      else setError(err instanceof Error ? errorMessage(err) : t('timesheet.timerFailed'));
    } finally {
      setBusy(false);
    }
  };

  const onDelete = async () => {
    setBusy(true);
    try {
      await deleteTimeActivity(entry._id, entry.projectId);
      setConfirming(false);
      onChanged();
    } catch (err) {
      setError(err instanceof Error ? errorMessage(err) : t('entry.deleteFailed'));
    } finally {
      setBusy(false);
    }
  };

  if (editing) {
    return (
      <li className="row timesheet-edit">
        <EditEntry
          entry={entry}
          onDone={() => {
            setEditing(false);
            onChanged();
          }}
          onCancel={() => setEditing(false)}
        />
      </li>
    );
  }
  return (
    <li className="row">
      <span className="row-main">
        <span className="row-title">
          <strong>{projectName}</strong> <span className="muted">· {task}</span>
        </span>
        <span className="row-times muted">{times}</span>
        <span className="row-value">{formatDuration(entry.duration)}</span>
      </span>
      <span className="row-actions">
        <Button variant="ghost" onClick={onContinue} disabled={busy}>
          {rich(t('timesheet.continue', { task }), { h: hidden })}
        </Button>
        <Button variant="ghost" onClick={() => setEditing(true)}>
          {rich(t('timesheet.edit', { task }), { h: hidden })}
        </Button>
        <Button variant="ghost" onClick={() => setConfirming(true)}>
          {rich(t('timesheet.delete', { task }), { h: hidden })}
        </Button>
      </span>
      <FormError>{error}</FormError>
      <ConfirmDialog
        open={confirming}
        title={t('timesheet.deleteTitle')}
        message={`${projectName} · ${task} · ${formatDuration(entry.duration)}`}
        confirmLabel={t('timesheet.deleteConfirm')}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={onDelete}
      />
      <UpgradePrompt open={upgrade !== null} onClose={() => setUpgrade(null)} message={upgrade ?? ''} />
    </li>
  );
}

/** The in-place edit of one entry: task, sub-task, day, start, end and duration. */
function EditEntry({
  entry,
  onDone,
  onCancel,
}: {
  entry: TimeActivity;
  onDone: () => void;
  onCancel: () => void;
}) {
  const update = useUpdateTimeActivity();
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => ({
    activity: entry.activity,
    description: entry.description,
    day: entry.date.slice(0, 10),
    start: timeOfMoment(entry.startTime),
    end: timeOfMoment(entry.endTime),
    duration: entry.duration,
  }));
  const set = (patch: Partial<typeof draft>) => setDraft((d) => ({ ...d, ...patch }));
  const { day, start, end } = draft;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // An entry that ran across midnight (a timer left running) ends on the next day; its edit keeps that.
  const crossesMidnight =
    entry.startTime !== null &&
    entry.endTime !== null &&
    toIsoDay(new Date(entry.startTime)) !== toIsoDay(new Date(entry.endTime));
  const startTime = start ? momentOf(day, start) : null;
  const endTime = end
    ? momentOf(crossesMidnight && startIsAfterEnd(start, end) ? addDays(day, 1) : day, end)
    : null;
  const between = startTime && endTime ? Date.parse(endTime) - Date.parse(startTime) : null;
  const shown = between !== null ? Math.max(0, between) : draft.duration;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (between !== null && between < 0) {
      setError(t('entry.timeTraveller'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await update(
        entry._id,
        {
          projectId: entry.projectId,
          activity: draft.activity.trim(),
          description: draft.description.trim(),
          date: isoOfDay(day),
          startTime,
          endTime,
          duration: shown,
        },
        entry.projectId,
      );
      onDone();
    } catch (err) {
      setError(err instanceof Error ? errorMessage(err) : t('timesheet.saveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="timesheet-edit-form" onSubmit={submit} aria-label={t('timesheet.editForm')}>
      <Field label={t('entry.task')}>
        <input value={draft.activity} maxLength={200} onChange={(e) => set({ activity: e.target.value })} />
      </Field>
      <Field label={t('entry.subTask')}>
        <input
          value={draft.description}
          maxLength={200}
          onChange={(e) => set({ description: e.target.value })}
        />
      </Field>
      <DayField value={day} onChange={(d) => set({ day: d })} />
      <TimeRangeFields
        value={{ ...draft, duration: shown }}
        durationFromTimes={between !== null}
        onChange={set}
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
