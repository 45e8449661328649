import { FINANCE_ENTRIES } from '../../features/activities/api/entries';
import { FinanceActivityForm } from '../../features/activities/components/FinanceActivityForm';
import { EditEntryPage } from '../../features/activities/routes/EditEntryPage';
import { useProjects } from '../../features/projects/api/get-projects';
import { ProjectPicker } from '../../features/projects/components/ProjectPicker';

/** Editing an income or an expense: the shared page with the finance calls and form. */
export function Component() {
  return (
    <EditEntryPage
      kind="finance"
      calls={FINANCE_ENTRIES}
      Form={FinanceActivityForm}
      ProjectPicker={ProjectPicker}
      projects={useProjects().data}
    />
  );
}
