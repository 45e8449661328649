import { Link, useParams } from 'react-router-dom';
import { Spinner } from '../../../components';
import { paths } from '../../../lib/paths';
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
  const { financeActivityId = '' } = useParams();
  const { data, error, isLoading } = useActivityFromLists<FinanceActivity>(
    financeActivitiesKey,
    financeActivityId,
    projects,
  );
  if (!projects || isLoading) return <Spinner label="Loading the financial activity" />;
  if (error) return <p role="alert">The financial activity could not be loaded. Please try again.</p>;
  if (!data)
    return (
      <div className="page">
        <h1>Financial activity not found</h1>
        <Link to={paths.projects}>Back to the projects</Link>
      </div>
    );
  return (
    <div className="page">
      <FinanceActivityForm ProjectPicker={ProjectPicker} activity={data} />
    </div>
  );
}
