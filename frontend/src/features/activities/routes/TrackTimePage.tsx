import { ROUTES } from '@/lib/paths';
import { useRouteParam } from '@/lib/use-route-param';
import { TimeActivityForm } from '../components/TimeActivityForm';
import type { ProjectPickerComponent } from '../components/types';

/** /tracktimeactivity and /newtimeactivity/:projectid — 'Track time for a project'. */
export function TrackTimePage({ ProjectPicker }: { ProjectPicker: ProjectPickerComponent }) {
  // The same screen serves /tracktimeactivity, which has no project.
  const projectid = useRouteParam(ROUTES.newTimeActivity) || undefined;
  return (
    <div className="page">
      <TimeActivityForm key={projectid ?? ''} ProjectPicker={ProjectPicker} initialProjectId={projectid} />
    </div>
  );
}
