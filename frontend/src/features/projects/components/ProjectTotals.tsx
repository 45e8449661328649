import type { User } from '../../../lib/auth';
import { formatDuration, formatMoney } from '../../../lib/format';
import { type Project, profitLoss } from '../api/get-projects';

/** Hours (hh:mm), income, the tracked time's value at the hourly rate, expenses and profit/loss of a project in the user's currency. */
export function ProjectTotals({ project, user }: { project: Project; user: User | null }) {
  const pl = profitLoss(project);
  return (
    <dl className="totals">
      <div>
        <dt>Hours</dt>
        <dd>{formatDuration(project.totalHours)}</dd>
      </div>
      <div>
        <dt>Income</dt>
        <dd>{formatMoney(project.totalIncome, user)}</dd>
      </div>
      <div>
        <dt>Tracked value</dt>
        <dd>{project.trackedValue == null ? 'No rate' : formatMoney(project.trackedValue, user)}</dd>
      </div>
      <div>
        <dt>Expenses</dt>
        <dd>{formatMoney(project.totalExpenses ? -project.totalExpenses : 0, user)}</dd>
      </div>
      <div>
        <dt>{pl < 0 ? 'Loss' : 'Profit'}</dt>
        <dd className={pl < 0 ? 'negative' : 'positive'}>{formatMoney(pl, user)}</dd>
      </div>
    </dl>
  );
}
