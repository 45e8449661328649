import { Link } from 'react-router-dom';
import { Spinner } from '@/components';
import { useTranslation } from '@/i18n';
import { paths, ROUTES } from '@/lib/paths';
import { useRouteParam } from '@/lib/use-route-param';
import { type FinanceActivity, financeActivitiesKey } from '../api/get-finance-activities';
import { FinanceActivityForm } from '../components/FinanceActivityForm';
import type { ProjectPickerComponent, ProjectRef } from '../components/types';
import { useActivityFromLists } from '../lib/find-activity';

/** /financeactivity/:financeActivityId — 'Edit a financial activity'. */
export function EditFinanceActivityPage({
  ProjectPicker,
  projects,
}: {
  ProjectPicker: ProjectPickerComponent;
  projects: ProjectRef[] | undefined;
}) {
  const { t } = useTranslation();
  const financeActivityId = useRouteParam(ROUTES.financeActivity);
  const { data, error, isLoading } = useActivityFromLists<FinanceActivity>(
    financeActivitiesKey,
    financeActivityId,
    projects,
  );
  if (!projects || isLoading) return <Spinner label={t('entry.financeLoading')} />;
  if (error) return <p role="alert">{t('entry.financeLoadFailed')}</p>;
  if (!data)
    return (
      <div className="page">
        <h1>{t('entry.financeNotFound')}</h1>
        <Link to={paths.projects}>{t('projects.back')}</Link>
      </div>
    );
  return (
    <div className="page">
      <FinanceActivityForm ProjectPicker={ProjectPicker} activity={data} />
    </div>
  );
}
