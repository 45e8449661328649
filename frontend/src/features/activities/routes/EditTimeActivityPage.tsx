import { Link, useParams } from 'react-router-dom';
import { Spinner } from '../../../components';
import { paths } from '../../../lib/paths';
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
  const { timeActivityId = '' } = useParams();
  const { data, error, isLoading } = useActivityFromLists<TimeActivity>(
    timeActivitiesKey,
    timeActivityId,
    projects,
  );
  if (!projects || isLoading) return <Spinner label="Loading the time activity" />;
  if (error) return <p role="alert">The time activity could not be loaded. Please try again.</p>;
  if (!data)
    return (
      <div className="page">
        <h1>Time activity not found</h1>
        <Link to={paths.projects}>Back to the projects</Link>
      </div>
    );
  return (
    <div className="page">
      <TimeActivityForm ProjectPicker={ProjectPicker} activity={data} />
    </div>
  );
}
