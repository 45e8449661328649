import { useTranslation } from '@/i18n';
import { useProfitLossChart } from '../api/get-profit-loss-chart';
import { useTimePerProjectChart } from '../api/get-time-per-project-chart';
import { useTimePerTaskChart } from '../api/get-time-per-task-chart';
import { useTimeTrackedChart } from '../api/get-time-tracked-chart';
import { useTotalTimeTrackedChart } from '../api/get-total-time-tracked-chart';
import { useChartFormats } from '../lib/use-formats';
import { ChartCard } from './ChartCard';

/**
 * The dashboard's five charts over all projects: time tracked (line), profit/loss (line), time per
 * task (pie), time per project (pie) and total time per project (bar; not limited by the range).
 */
export function DashboardCharts({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  const f = useChartFormats();
  const range = { startdate: from, enddate: to };
  return (
    <div className="chart-grid">
      <ChartCard
        title={t('charts.timeTracked')}
        kind="line"
        useChart={useTimeTrackedChart}
        query={range}
        format={f.hours}
      />
      <ChartCard
        title={t('charts.profitLoss')}
        kind="line"
        useChart={useProfitLossChart}
        query={range}
        format={f.money}
      />
      <ChartCard
        title={t('charts.timePerTask')}
        kind="pie"
        useChart={useTimePerTaskChart}
        query={range}
        format={f.hours}
      />
      <ChartCard
        title={t('charts.timePerProject')}
        kind="pie"
        useChart={useTimePerProjectChart}
        query={range}
        format={f.hours}
      />
      <ChartCard
        title={t('charts.totalTimeShort')}
        kind="bar"
        useChart={useTotalTimeTrackedChart}
        query={{}}
        format={f.hours}
      />
    </div>
  );
}
