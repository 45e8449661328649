import { ROUTES } from '@/lib/paths';
import { useRouteParam } from '@/lib/use-route-param';
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
  // The same screen serves /trackincomeactivity and /trackexpenseactivity, which have no project.
  const projectid = useRouteParam(ROUTES.newIncomeActivity) || undefined;
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
