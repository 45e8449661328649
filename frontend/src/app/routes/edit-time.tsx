import { TIME_ENTRIES } from '../../features/activities/api/entries';
import { TimeActivityForm } from '../../features/activities/components/TimeActivityForm';
import { EditEntryPage } from '../../features/activities/routes/EditEntryPage';
import { useProjects } from '../../features/projects/api/get-projects';
import { ProjectPicker } from '../../features/projects/components/ProjectPicker';

/** Editing a time entry: the shared page with the time calls and form. */
export function Component() {
  return (
    <EditEntryPage
      kind="time"
      calls={TIME_ENTRIES}
      Form={TimeActivityForm}
      ProjectPicker={ProjectPicker}
      projects={useProjects().data}
    />
  );
}
