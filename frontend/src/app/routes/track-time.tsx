import { TrackTimePage } from '../../features/activities/routes/TrackTimePage';
import { ProjectPicker } from '../../features/projects/components/ProjectPicker';

/** Tracking time, with the projects feature's picker. */
export function Component() {
  return <TrackTimePage ProjectPicker={ProjectPicker} />;
}
