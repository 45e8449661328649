import { Link } from 'react-router-dom';
import { useTranslation } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { paths } from '@/lib/paths';
import { type Project, useProjects } from '../api/get-projects';
import { needsAttention } from '../lib/budget-words';
import { BudgetStatus } from './BudgetStatus';

/** Projects at 80 % of their budget or earning below target first, then by how much is used, then by name. */
export function byUrgency(a: Project, b: Project): number {
  const attention = Number(needsAttention(b)) - Number(needsAttention(a));
  if (attention !== 0) return attention;
  const used = (b.budgetPercent ?? -1) - (a.budgetPercent ?? -1);
  return used !== 0 ? used : a.name.localeCompare(b.name);
}

/** The dashboard's budgets: every project with a budget or a target rate, the urgent ones first. */
export function BudgetOverview() {
  const { t } = useTranslation();
  const { data } = useProjects();
  const { user } = useAuth();
  const watched = (data ?? [])
    .filter((p) => p.budget !== null || p.targetHourlyRate !== null)
    .sort(byUrgency);
  if (watched.length === 0) return null;
  return (
    <section className="card budget-overview" aria-labelledby="budget-overview-title">
      <h2 id="budget-overview-title">{t('budget.overview')}</h2>
      <ul>
        {watched.map((p) => (
          <li key={p._id}>
            <Link to={paths.projectDetails(p._id)}>{p.name}</Link>
            <BudgetStatus project={p} user={user} />
          </li>
        ))}
      </ul>
    </section>
  );
}
