import { FormError, Spinner, UpgradePrompt } from '@/components';
import { useTranslation } from '@/i18n';
import { formatDuration } from '@/lib/format';
import { useTitle } from '@/lib/use-title';
import { TimesheetBar } from '../components/TimesheetBar';
import { RunningRow, TimesheetRow } from '../components/TimesheetRow';
import { type TimesheetWeek, useTimesheetWeek } from '../hooks/use-timesheet-week';
import { dayHeading, entriesOfDay } from '../lib/week';

type Projects = { _id: string; name: string; clientId?: string | null }[];

export interface TimesheetPageProps {
  /** The user's projects (names for the rows, the project filter and moving an entry). */
  projects: Projects | undefined;
}

/** One day: its heading with the day's total, the running timer when it started that day, its entries by start time. */
function TimesheetDay({ day, week, projects }: { day: string; week: TimesheetWeek; projects: Projects }) {
  const { t, language } = useTranslation();
  const rows = entriesOfDay(week.sheet.data ?? [], day);
  const heading = dayHeading(day, language);
  const running = week.runningDay === day;
  return (
    <section className="card timesheet-day" aria-label={heading}>
      <h2>
        <span>{heading}</span>
        <span className="timesheet-day-total">
          <span className="visually-hidden">{t('timesheet.dayTotal')} </span>
          {formatDuration(week.dayTotal(day))}
        </span>
      </h2>
      {rows.length === 0 && !running ? <p className="empty muted">{t('timesheet.nothing')}</p> : null}
      <ul className="rows">
        {running ? <RunningRow timer={week.timer} projects={projects} /> : null}
        {rows.map((entry) => (
          <TimesheetRow
            key={entry._id}
            entry={entry}
            projects={projects}
            timer={week.timer}
            onChanged={() => week.sheet.mutate()}
          />
        ))}
      </ul>
    </section>
  );
}

/**
 * /timesheet — every time entry of one week across projects (the week starts on the user's day),
 * filtered by text, project, client, tag and billable: a total per day and for the week, the
 * running timer live on its day, and on each entry its billable and tags, Continue, Mark billable
 * or not, Edit in place (moving it to another project, tags too) and Delete.
 */
export function TimesheetPage({ projects = [] }: TimesheetPageProps) {
  const { t, language } = useTranslation();
  useTitle(t('shell.timesheet'));
  const week = useTimesheetWeek(projects);
  const { sheet } = week;
  const range = { from: dayHeading(week.weekStart, language), to: dayHeading(week.weekEnd, language) };
  return (
    <div className="page timesheet">
      <h1>{t('shell.timesheet')}</h1>
      <TimesheetBar week={week} projects={projects} />
      <dl className="timesheet-week-total">
        <dt>
          {t('timesheet.weekTotal')} <span className="muted">{t('timesheet.range', range)}</span>
        </dt>
        <dd data-testid="week-total">{formatDuration(week.weekTotal)}</dd>
      </dl>
      {sheet.isLoading && !sheet.data ? <Spinner label={t('timesheet.loading')} /> : null}
      {sheet.error ? <p role="alert">{t('timesheet.loadFailed')}</p> : null}
      <FormError>{week.runningDay ? null : week.timer.error}</FormError>
      {week.days.map((day) => (
        <TimesheetDay key={day} day={day} week={week} projects={projects} />
      ))}
      {week.runningDay ? null : <UpgradePrompt {...week.timer.action.upgrade} />}
    </div>
  );
}
