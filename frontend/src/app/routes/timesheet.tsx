import { TimesheetPage } from '../../features/activities/routes/TimesheetPage';
import { useProjects } from '../../features/projects/api/get-projects';

/** The week's timesheet, with the projects it offers. */
export function Component() {
  return <TimesheetPage projects={useProjects().data} />;
}
