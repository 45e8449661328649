import { Link } from 'react-router-dom';
import { Spinner } from '@/components';
import { useTranslation } from '@/i18n';
import { paths, ROUTES } from '@/lib/paths';
import { useRouteParam } from '@/lib/use-route-param';
import { type TimeActivity, timeActivitiesKey } from '../api/get-time-activities';
import { TimeActivityForm } from '../components/TimeActivityForm';
import type { ProjectPickerComponent, ProjectRef } from '../components/types';
import { useActivityFromLists } from '../lib/find-activity';

/** /timeactivity/:timeActivityId — edit a time entry, loaded by id from the project lists. */
export function EditTimeActivityPage({
  ProjectPicker,
  projects,
}: {
  ProjectPicker: ProjectPickerComponent;
  projects: ProjectRef[] | undefined;
}) {
  const { t } = useTranslation();
  const timeActivityId = useRouteParam(ROUTES.timeActivity);
  const { data, error, isLoading } = useActivityFromLists<TimeActivity>(
    timeActivitiesKey,
    timeActivityId,
    projects,
  );
  if (!projects || isLoading) return <Spinner label={t('entry.timeLoading')} />;
  if (error) return <p role="alert">{t('entry.timeLoadFailed')}</p>;
  if (!data)
    return (
      <div className="page">
        <h1>{t('entry.timeNotFound')}</h1>
        <Link to={paths.projects}>{t('projects.back')}</Link>
      </div>
    );
  return (
    <div className="page">
      <TimeActivityForm ProjectPicker={ProjectPicker} activity={data} />
    </div>
  );
}
