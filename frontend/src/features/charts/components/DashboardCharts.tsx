import { useTranslation } from '@/i18n';
import { useProfitLossChart } from '../api/get-profit-loss-chart';
import { useTimePerProjectChart } from '../api/get-time-per-project-chart';
import { useTimePerTaskChart } from '../api/get-time-per-task-chart';
import { useTimeTrackedChart } from '../api/get-time-tracked-chart';
import { useTotalTimeTrackedChart } from '../api/get-total-time-tracked-chart';
import { useChartFormats } from '../lib/use-formats';
import { ChartGrid, chartCard } from './ChartCard';

/**
 * The dashboard's five charts over all projects: time tracked (line), profit/loss (line), time per
 * task (pie), time per project (pie) and total time per project (bar; not limited by the range).
 */
export function DashboardCharts({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  const f = useChartFormats();
  const range = { startdate: from, enddate: to };
  return (
    <ChartGrid
      charts={[
        chartCard(t('charts.timeTracked'), 'line', useTimeTrackedChart, range, f.hours),
        chartCard(t('charts.profitLoss'), 'line', useProfitLossChart, range, f.money),
        chartCard(t('charts.timePerTask'), 'pie', useTimePerTaskChart, range, f.hours),
        chartCard(t('charts.timePerProject'), 'pie', useTimePerProjectChart, range, f.hours),
        // Not limited by the range: every project's total.
        chartCard(t('charts.totalTimeShort'), 'bar', useTotalTimeTrackedChart, {}, f.hours),
      ]}
      locale={f.user?.numberFormat}
    />
  );
}
