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
  const f = useChartFormats();
  const range = { startdate: from, enddate: to };
  return (
    <div className="chart-grid">
      <ChartCard
        title="Time tracked"
        kind="line"
        useChart={useTimeTrackedChart}
        query={range}
        format={f.hours}
      />
      <ChartCard
        title="Profit/loss"
        kind="line"
        useChart={useProfitLossChart}
        query={range}
        format={f.money}
      />
      <ChartCard
        title="Time per task"
        kind="pie"
        useChart={useTimePerTaskChart}
        query={range}
        format={f.hours}
      />
      <ChartCard
        title="Time per project"
        kind="pie"
        useChart={useTimePerProjectChart}
        query={range}
        format={f.hours}
      />
      <ChartCard
        title="Total time"
        kind="bar"
        useChart={useTotalTimeTrackedChart}
        query={{}}
        format={f.hours}
      />
    </div>
  );
}
