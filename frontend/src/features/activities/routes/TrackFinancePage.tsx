import { ROUTES } from '@/lib/paths';
import { useRouteParam } from '@/lib/use-route-param';
import { EinvoiceUpload } from '../components/EinvoiceUpload';
import { FinanceActivityForm } from '../components/FinanceActivityForm';
import type { ProjectPickerComponent } from '../components/types';

/**
 * /trackincomeactivity, /newincomeactivity/:projectid and the expense twins; the expense side also
 * takes a received e-invoice.
 */
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
      {/* A supplier's e-invoice booked as an expense instead of typed (issue 37). */}
      {kind === 'expense' ? (
        <EinvoiceUpload
          key={`einvoice-${projectid ?? ''}`}
          ProjectPicker={ProjectPicker}
          initialProjectId={projectid}
        />
      ) : null}
    </div>
  );
}
