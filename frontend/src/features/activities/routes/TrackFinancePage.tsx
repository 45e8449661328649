import { useParams } from 'react-router-dom';
import { FinanceActivityForm } from '../components/FinanceActivityForm';
import type { ProjectPickerComponent } from '../components/types';

/** /trackincomeactivity, /newincomeactivity/:projectid and the expense twins. */
export function TrackFinancePage({
  ProjectPicker,
  kind,
}: {
  ProjectPicker: ProjectPickerComponent;
  kind: 'income' | 'expense';
}) {
  const { projectid } = useParams();
  return (
    <div className="page">
      <FinanceActivityForm
        key={`${kind}-${projectid ?? ''}`}
        ProjectPicker={ProjectPicker}
        kind={kind}
        initialProjectId={projectid}
      />
    </div>
  );
}
