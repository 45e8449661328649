import { ProjectActivityLists } from '../../features/activities/components/ProjectActivityLists';
import { ProjectCharts } from '../../features/charts/components/ProjectCharts';
import { ProjectDetailsPage } from '../../features/projects/routes/ProjectDetailsPage';

/** A project's page, with its charts and activity lists composed in. */
export function Component() {
  return (
    <ProjectDetailsPage
      renderCharts={(projectId) => <ProjectCharts key={projectId} projectId={projectId} />}
      renderActivities={(projectId) => <ProjectActivityLists key={projectId} projectId={projectId} />}
    />
  );
}
