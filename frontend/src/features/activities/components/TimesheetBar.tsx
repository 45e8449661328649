import { Button, Field, NamedOptions } from '@/components';
import { useTranslation } from '@/i18n';
import { useClients } from '@/lib/clients';
import { useTagNames } from '@/lib/tags';
import type { TimesheetWeek } from '../hooks/use-timesheet-week';

type Projects = { _id: string; name: string }[];

/** Previous / this / next week. */
function WeekNav({ week }: { week: TimesheetWeek }) {
  const { t } = useTranslation();
  return (
    <nav className="timesheet-weeks" aria-label={t('timesheet.weeks')}>
      <Button variant="secondary" onClick={week.previous}>
        {t('timesheet.previous')}
      </Button>
      <Button variant="secondary" onClick={week.current} disabled={week.isThisWeek}>
        {t('timesheet.this')}
      </Button>
      <Button variant="secondary" onClick={week.next}>
        {t('timesheet.next')}
      </Button>
    </nav>
  );
}

/** The client, tag and billable filters. */
function BillingFilters({ week }: { week: TimesheetWeek }) {
  const { t } = useTranslation();
  const { data: clients = [] } = useClients();
  const tags = useTagNames();
  const { filters, setFilter } = week;
  return (
    <>
      <Field label={t('tagging.client')}>
        <select value={filters.clientId} onChange={(e) => setFilter('clientId', e.target.value)}>
          <option value="">{t('tagging.allClients')}</option>
          <NamedOptions items={clients} />
        </select>
      </Field>
      <Field label={t('tagging.tags')}>
        <select value={filters.tag} onChange={(e) => setFilter('tag', e.target.value)}>
          <option value="">{t('tagging.allTags')}</option>
          {tags.map((tag) => (
            <option key={tag} value={tag}>
              {tag}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('tagging.billableFilter')}>
        <select value={filters.billable} onChange={(e) => setFilter('billable', e.target.value)}>
          <option value="">{t('tagging.billableAll')}</option>
          <option value="true">{t('tagging.billableOnly')}</option>
          <option value="false">{t('tagging.nonBillableOnly')}</option>
        </select>
      </Field>
    </>
  );
}

/** Previous / this / next week, the text search, and the project, client, tag and billable filters. */
export function TimesheetBar({ week, projects }: { week: TimesheetWeek; projects: Projects }) {
  const { t } = useTranslation();
  return (
    <div className="timesheet-bar">
      <WeekNav week={week} />
      <Field label={t('timesheet.search')}>
        <input
          type="search"
          value={week.text}
          onChange={(e) => week.setText(e.target.value)}
          maxLength={200}
        />
      </Field>
      <Field label={t('projects.project')}>
        <select value={week.filters.projectId} onChange={(e) => week.setFilter('projectId', e.target.value)}>
          <option value="">{t('timesheet.allProjects')}</option>
          <NamedOptions items={projects} />
        </select>
      </Field>
      <BillingFilters week={week} />
    </div>
  );
}
