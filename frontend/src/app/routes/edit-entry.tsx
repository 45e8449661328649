import { EditEntryPage, type EditEntryPageProps } from '../../features/activities/routes/EditEntryPage';
import { useProjects } from '../../features/projects/api/get-projects';
import { ProjectPicker } from '../../features/projects/components/ProjectPicker';

/**
 * The screen that edits an entry of one kind: the activities feature's page with that kind's calls
 * and form, the projects feature's picker and the projects. Each kind's route module makes its own,
 * so the one it opens loads only its form.
 */
export function editEntryRoute<E extends { _id: string }>(
  kind: EditEntryPageProps<E>['kind'],
  calls: EditEntryPageProps<E>['calls'],
  Form: EditEntryPageProps<E>['Form'],
) {
  return function EditEntryRoute() {
    return (
      <EditEntryPage
        kind={kind}
        calls={calls}
        Form={Form}
        ProjectPicker={ProjectPicker}
        projects={useProjects().data}
      />
    );
  };
}
