import { DashboardCharts } from '../../features/charts/components/DashboardCharts';
import { DashboardPage } from '../../features/dashboard/routes/DashboardPage';
import { BudgetOverview } from '../../features/projects/components/BudgetOverview';
import { TaxCard } from '../../features/tax/components/TaxCard';

/** /dashboard, with its charts, budgets and tax card composed in. */
export function Component() {
  return (
    <DashboardPage
      renderCharts={(range) => <DashboardCharts from={range.from} to={range.to} />}
      renderBudgets={() => <BudgetOverview />}
      renderTax={() => <TaxCard />}
    />
  );
}
