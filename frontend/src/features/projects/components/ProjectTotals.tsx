import { useTranslation } from '@/i18n';
import type { User } from '@/lib/auth';
import { formatDuration, formatMoney } from '@/lib/format';
import type { Project } from '../api/get-projects';

/** Hours (hh:mm), income, the tracked time's value at the hourly rate, expenses and profit/loss of a project in the user's currency. */
export function ProjectTotals({ project, user }: { project: Project; user: User | null }) {
  const { t } = useTranslation();
  const pl = project.profitLoss;
  return (
    <dl className="totals">
      <div>
        <dt>{t('totals.hours')}</dt>
        <dd>{formatDuration(project.totalHours)}</dd>
      </div>
      <div>
        <dt>{t('totals.income')}</dt>
        <dd>{formatMoney(project.totalIncome, user)}</dd>
      </div>
      <div>
        <dt>{t('totals.trackedValue')}</dt>
        <dd>
          {project.trackedValue == null ? t('projects.noRate') : formatMoney(project.trackedValue, user)}
        </dd>
        <dd className="figure-what">{t('figures.allTimeExact')}</dd>
      </div>
      <div>
        <dt>{t('totals.expenses')}</dt>
        <dd>{formatMoney(project.totalExpenses ? -project.totalExpenses : 0, user)}</dd>
      </div>
      <div>
        <dt>{pl < 0 ? t('totals.loss') : t('totals.profit')}</dt>
        <dd className={pl < 0 ? 'negative' : 'positive'}>{formatMoney(pl, user)}</dd>
      </div>
    </dl>
  );
}
