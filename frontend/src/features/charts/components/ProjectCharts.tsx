import { DateRange } from '@/components';
import { CsvExportButtons } from '@/components/CsvExportButtons';
import { useTranslation } from '@/i18n';
import { formatDuration } from '@/lib/format';
import { useProfitLossChart } from '../api/get-profit-loss-chart';
import { useProfitLossPerHourChart } from '../api/get-profit-loss-per-hour-chart';
import { useTimePerTaskChart } from '../api/get-time-per-task-chart';
import { useTimeTrackedChart } from '../api/get-time-tracked-chart';
import { useChartFormats } from '../lib/use-formats';
import { useProjectCharts } from '../lib/use-project-charts';
import { ChartGrid, chartCard } from './ChartCard';
import { SubTaskGrid, TaskGrid } from './ProjectGrids';

export { projectDefaultRange } from '../lib/use-project-charts';

type Metrics = ReturnType<typeof useProjectCharts>['metrics'];

/** The range's hours, profit/loss and profit/loss per hour ('…' while loading, '–' without hours). */
function ProjectMetrics({ hoursMs, pl, perHour }: Metrics) {
  const { t } = useTranslation();
  const f = useChartFormats();
  return (
    <dl className="totals metrics">
      <div>
        <dt>{t('charts.hoursInRange')}</dt>
        <dd>{hoursMs === undefined ? '…' : formatDuration(hoursMs)}</dd>
      </div>
      <div>
        <dt>{t('charts.profitLossInRange')}</dt>
        <dd className={(pl ?? 0) < 0 ? 'negative' : 'positive'}>{pl === undefined ? '…' : f.money(pl)}</dd>
      </div>
      <div>
        <dt>{t('charts.profitLossPerHour')}</dt>
        <dd>{perHour === undefined ? '…' : perHour === null ? '–' : f.money(perHour)}</dd>
      </div>
    </dl>
  );
}

/**
 * The charts, metrics and grids of one project, with their own date range (default last 60 months):
 * hours and profit/loss in the range, time tracked, profit/loss, profit/loss per hour, time per task,
 * and the time-per-task and time-per-sub-task grids.
 */
export function ProjectCharts({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const f = useChartFormats();
  const { range, setRange, query, tasks, subTasks, metrics } = useProjectCharts(projectId);
  return (
    <section className="project-charts" aria-labelledby="project-charts-title">
      <h2 id="project-charts-title">{t('charts.metricsTitle')}</h2>
      <DateRange
        value={range}
        onChange={setRange}
        label={t('charts.metricsRange')}
        quickRanges={{ projectId }}
      />
      <CsvExportButtons scope={{ projectId, from: range.from, to: range.to }} label={t('csv.projectLabel')} />
      <ProjectMetrics {...metrics} />
      <ChartGrid
        charts={[
          chartCard(t('charts.timeTracked'), 'line', useTimeTrackedChart, query, f.hours),
          chartCard(t('charts.profitLoss'), 'line', useProfitLossChart, query, f.money),
          // The whole project (the specification gives this call no range), whatever range is picked above.
          chartCard(
            t('charts.profitLossPerHour'),
            'line',
            useProfitLossPerHourChart,
            { projectid: projectId },
            f.moneyPerHour,
            t('daily.perHourNote'),
          ),
          chartCard(t('charts.timePerTask'), 'pie', useTimePerTaskChart, query, f.hours),
        ]}
        locale={f.user?.numberFormat}
      />
      <div className="grids">
        <TaskGrid grid={tasks} hoursMs={metrics.hoursMs ?? 0} user={f.user} />
        <SubTaskGrid grid={subTasks} />
      </div>
    </section>
  );
}
