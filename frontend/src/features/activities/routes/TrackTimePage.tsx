import { useParams } from 'react-router-dom';
import { TimeActivityForm } from '../components/TimeActivityForm';
import type { ProjectPickerComponent } from '../components/types';

/** /tracktimeactivity and /newtimeactivity/:projectid — 'Track time for a project'. */
export function TrackTimePage({ ProjectPicker }: { ProjectPicker: ProjectPickerComponent }) {
  const { projectid } = useParams();
  return (
    <div className="page">
      <TimeActivityForm key={projectid ?? ''} ProjectPicker={ProjectPicker} initialProjectId={projectid} />
    </div>
  );
}
