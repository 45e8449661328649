import { useState } from 'react';
import { DateRange, type DateRangeValue, Spinner } from '../../../components';
import { CsvExportButtons } from '../../../components/CsvExportButtons';
import { formatDuration, formatNumber, monthsAgo, toIsoDay } from '../../../lib/format';
import { useProfitLossChart } from '../api/get-profit-loss-chart';
import { useProfitLossPerHourChart } from '../api/get-profit-loss-per-hour-chart';
import { useTimePerSubTaskGrid } from '../api/get-time-per-subtask-grid';
import { useTimePerTaskChart } from '../api/get-time-per-task-chart';
import { useTimePerTaskGrid } from '../api/get-time-per-task-grid';
import { useTimeTrackedChart } from '../api/get-time-tracked-chart';
import { sumOfFirst } from '../lib/series';
import { useChartFormats } from '../lib/use-formats';
import { ChartCard } from './ChartCard';

const HOUR = 3_600_000;

/** Project details' own range: the last 60 months to today (specification §9). */
export const projectDefaultRange = (): DateRangeValue => ({ from: monthsAgo(60), to: toIsoDay(new Date()) });

/**
 * The charts, metrics and grids of one project, with their own date range (default last 60 months):
 * hours and profit/loss in the range, time tracked, profit/loss, profit/loss per hour, time per task,
 * and the time-per-task and time-per-sub-task grids.
 */
export function ProjectCharts({ projectId }: { projectId: string }) {
  const [range, setRange] = useState<DateRangeValue>(projectDefaultRange);
  const f = useChartFormats();
  const query = { startdate: range.from, enddate: range.to, projectid: projectId };
  const tasks = useTimePerTaskGrid(query);
  const subTasks = useTimePerSubTaskGrid(query);
  const profitLoss = useProfitLossChart(query);
  const hoursMs = (tasks.data ?? []).reduce((s, r) => s + (Number(r.totalHours) || 0), 0);
  const pl = sumOfFirst(profitLoss.data);
  const perHour = hoursMs > 0 ? pl / (hoursMs / HOUR) : 0;

  return (
    <section className="project-charts" aria-labelledby="project-charts-title">
      <h2 id="project-charts-title">Charts and metrics</h2>
      <DateRange value={range} onChange={setRange} label="Range of the charts and metrics" />
      <CsvExportButtons
        scope={{ projectId, from: range.from, to: range.to }}
        label="CSV export of this project in this range"
      />
      <dl className="totals metrics">
        <div>
          <dt>Hours in range</dt>
          <dd>{tasks.data ? formatDuration(hoursMs) : '…'}</dd>
        </div>
        <div>
          <dt>Profit/loss in range</dt>
          <dd className={pl < 0 ? 'negative' : 'positive'}>{profitLoss.data ? f.money(pl) : '…'}</dd>
        </div>
        <div>
          <dt>Profit/loss per hour</dt>
          <dd>{tasks.data && profitLoss.data ? (hoursMs > 0 ? f.money(perHour) : '–') : '…'}</dd>
        </div>
      </dl>
      <div className="chart-grid">
        <ChartCard
          title="Time tracked"
          kind="line"
          useChart={useTimeTrackedChart}
          query={query}
          format={f.hours}
        />
        <ChartCard
          title="Profit/loss"
          kind="line"
          useChart={useProfitLossChart}
          query={query}
          format={f.money}
        />
        <ChartCard
          title="Profit/loss per hour"
          kind="line"
          useChart={useProfitLossPerHourChart}
          query={{ projectid: projectId }}
          format={f.money}
        />
        <ChartCard
          title="Time per task"
          kind="pie"
          useChart={useTimePerTaskChart}
          query={query}
          format={f.hours}
        />
      </div>
      <div className="grids">
        <div className="card">
          <h3>Time per task</h3>
          {tasks.isLoading ? <Spinner label="Loading time per task" /> : null}
          {tasks.data && tasks.data.length === 0 ? <p className="muted">No time in this range.</p> : null}
          {tasks.data && tasks.data.length > 0 ? (
            <table className="grid-table">
              <thead>
                <tr>
                  <th scope="col">Task</th>
                  <th scope="col" className="num">
                    Hours
                  </th>
                  <th scope="col" className="num">
                    Share
                  </th>
                </tr>
              </thead>
              <tbody>
                {tasks.data.map((r) => (
                  <tr key={r.activity}>
                    <th scope="row">{r.activity || 'No task'}</th>
                    <td className="num">{formatDuration(r.totalHours)}</td>
                    <td className="num">
                      {formatNumber(hoursMs ? r.totalHours / hoursMs : 0, f.user, {
                        style: 'percent',
                        maximumFractionDigits: 0,
                      })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </div>
        <div className="card">
          <h3>Time per sub-task</h3>
          {subTasks.isLoading ? <Spinner label="Loading time per sub-task" /> : null}
          {subTasks.data && subTasks.data.length === 0 ? (
            <p className="muted">No time in this range.</p>
          ) : null}
          {subTasks.data && subTasks.data.length > 0 ? (
            <table className="grid-table">
              <thead>
                <tr>
                  <th scope="col">Task</th>
                  <th scope="col">Sub-Task</th>
                  <th scope="col" className="num">
                    Hours
                  </th>
                </tr>
              </thead>
              <tbody>
                {subTasks.data.map((r) => (
                  <tr key={`${r.activity}\u0000${r.description}`}>
                    <td>{r.activity || 'No task'}</td>
                    <td>{r.description}</td>
                    <td className="num">{formatDuration(r.totalHours)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </div>
      </div>
    </section>
  );
}
