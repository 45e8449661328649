import { useState } from 'react';
import { DateRange, type DateRangeValue, Spinner } from '@/components';
import { CsvExportButtons } from '@/components/CsvExportButtons';
import { useTranslation } from '@/i18n';
import { formatDuration, formatNumber, monthsAgo, toIsoDay } from '@/lib/format';
import { useProfitLossChart } from '../api/get-profit-loss-chart';
import { useProfitLossPerHourChart } from '../api/get-profit-loss-per-hour-chart';
import { useTimePerSubTaskGrid } from '../api/get-time-per-subtask-grid';
import { useTimePerTaskChart } from '../api/get-time-per-task-chart';
import { useTimePerTaskGrid } from '../api/get-time-per-task-grid';
import { useTimeTrackedChart } from '../api/get-time-tracked-chart';
import { sumOfFirst } from '../lib/series';
import { useChartFormats } from '../lib/use-formats';
import { ChartGrid, chartCard } from './ChartCard';

const HOUR = 3_600_000;

/** Project details' own range: the last 60 months to today, so a long project shows whole. */
export const projectDefaultRange = (): DateRangeValue => ({ from: monthsAgo(60), to: toIsoDay(new Date()) });

/**
 * The charts, metrics and grids of one project, with their own date range (default last 60 months):
 * hours and profit/loss in the range, time tracked, profit/loss, profit/loss per hour, time per task,
 * and the time-per-task and time-per-sub-task grids.
 */
export function ProjectCharts({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
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
      <h2 id="project-charts-title">{t('charts.metricsTitle')}</h2>
      <DateRange value={range} onChange={setRange} label={t('charts.metricsRange')} />
      <CsvExportButtons scope={{ projectId, from: range.from, to: range.to }} label={t('csv.projectLabel')} />
      <dl className="totals metrics">
        <div>
          <dt>{t('charts.hoursInRange')}</dt>
          <dd>{tasks.data ? formatDuration(hoursMs) : '…'}</dd>
        </div>
        <div>
          <dt>{t('charts.profitLossInRange')}</dt>
          <dd className={pl < 0 ? 'negative' : 'positive'}>{profitLoss.data ? f.money(pl) : '…'}</dd>
        </div>
        <div>
          <dt>{t('charts.profitLossPerHour')}</dt>
          <dd>{tasks.data && profitLoss.data ? (hoursMs > 0 ? f.money(perHour) : '–') : '…'}</dd>
        </div>
      </dl>
      <ChartGrid
        charts={[
          chartCard(t('charts.timeTracked'), 'line', useTimeTrackedChart, query, f.hours),
          chartCard(t('charts.profitLoss'), 'line', useProfitLossChart, query, f.money),
          // Always the last 12 months (the server's default range), whatever range is picked above.
          chartCard(
            t('charts.profitLossPerHour'),
            'line',
            useProfitLossPerHourChart,
            { projectid: projectId },
            f.money,
          ),
          chartCard(t('charts.timePerTask'), 'pie', useTimePerTaskChart, query, f.hours),
        ]}
      />
      <div className="grids">
        <div className="card">
          <h3>{t('charts.timePerTask')}</h3>
          {tasks.isLoading ? (
            <Spinner label={t('charts.loading', { title: t('charts.timePerTask') })} />
          ) : null}
          {tasks.data && tasks.data.length === 0 ? <p className="muted">{t('charts.noTime')}</p> : null}
          {tasks.data && tasks.data.length > 0 ? (
            <table className="grid-table">
              <thead>
                <tr>
                  <th scope="col">{t('entry.task')}</th>
                  <th scope="col" className="num">
                    {t('totals.hours')}
                  </th>
                  <th scope="col" className="num">
                    {t('charts.share')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {tasks.data.map((r) => (
                  <tr key={r.activity}>
                    <th scope="row">{r.activity || t('entry.noTask')}</th>
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
          <h3>{t('charts.timePerSubTask')}</h3>
          {subTasks.isLoading ? (
            <Spinner label={t('charts.loading', { title: t('charts.timePerSubTask') })} />
          ) : null}
          {subTasks.data && subTasks.data.length === 0 ? <p className="muted">{t('charts.noTime')}</p> : null}
          {subTasks.data && subTasks.data.length > 0 ? (
            <table className="grid-table">
              <thead>
                <tr>
                  <th scope="col">{t('entry.task')}</th>
                  <th scope="col">{t('entry.subTask')}</th>
                  <th scope="col" className="num">
                    {t('totals.hours')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {subTasks.data.map((r) => (
                  <tr key={`${r.activity}\u0000${r.description}`}>
                    <td>{r.activity || t('entry.noTask')}</td>
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
