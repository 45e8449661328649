import { type ReactNode, useState } from 'react';
import { DateRange, type DateRangeValue } from '@/components';
import { useTranslation } from '@/i18n';
import { monthsAgo, toIsoDay } from '@/lib/format';

/** The dashboard's default range: the last 12 months to today. */
export const dashboardDefaultRange = (): DateRangeValue => ({
  from: monthsAgo(12),
  to: toIsoDay(new Date()),
});

/**
 * /dashboard — the budgets that need attention, the VAT to set aside this quarter and the year's
 * profit, then a from/to range driving the five charts (composed in by the app from the charts
 * feature), with the note for mobile users.
 */
export function DashboardPage({
  renderCharts,
  renderBudgets,
  renderTax,
}: {
  renderCharts: (range: DateRangeValue) => ReactNode;
  /** The projects' budgets and target rates, the urgent ones first (composed in from the projects feature). */
  renderBudgets?: () => ReactNode;
  /** This quarter's VAT and the year's profit (composed in from the tax feature). */
  renderTax?: () => ReactNode;
}) {
  const { t } = useTranslation();
  const [range, setRange] = useState<DateRangeValue>(dashboardDefaultRange);
  return (
    <div className="page dashboard">
      <h1>{t('welcome.dashboard')}</h1>
      {renderBudgets?.()}
      {renderTax?.()}
      <p className="landscape-note">{t('dashboard.landscape')}</p>
      <DateRange value={range} onChange={setRange} label={t('dashboard.range')} quickRanges={{}} />
      {renderCharts(range)}
    </div>
  );
}
