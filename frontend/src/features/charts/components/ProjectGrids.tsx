import type { SWRResponse } from 'swr';
import { Spinner } from '@/components';
import { useTranslation } from '@/i18n';
import { type FormatPrefs, formatDuration, formatNumber } from '@/lib/format';

interface TaskRow {
  activity: string;
  totalHours: number;
}
interface SubTaskRow extends TaskRow {
  description: string;
}

/** A grid's card: its title, a loading indicator, 'No time in this range.' or the table. */
function GridCard<T>({
  title,
  grid,
  table,
}: {
  title: string;
  grid: SWRResponse<T[]>;
  table: (rows: T[]) => React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="card">
      <h3>{title}</h3>
      {grid.isLoading ? <Spinner label={t('charts.loading', { title })} /> : null}
      {grid.data && grid.data.length === 0 ? <p className="muted">{t('charts.noTime')}</p> : null}
      {grid.data && grid.data.length > 0 ? table(grid.data) : null}
    </div>
  );
}

/** Time per task in the range, with each task's share of the hours. */
export function TaskGrid({
  grid,
  hoursMs,
  user,
}: {
  grid: SWRResponse<TaskRow[]>;
  hoursMs: number;
  user?: FormatPrefs | null;
}) {
  const { t } = useTranslation();
  return (
    <GridCard
      title={t('charts.timePerTask')}
      grid={grid}
      table={(rows) => (
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
            {rows.map((r) => (
              <tr key={r.activity}>
                <th scope="row">{r.activity || t('entry.noTask')}</th>
                <td className="num">{formatDuration(r.totalHours)}</td>
                <td className="num">
                  {formatNumber(hoursMs ? r.totalHours / hoursMs : 0, user, {
                    style: 'percent',
                    maximumFractionDigits: 0,
                  })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    />
  );
}

/** Time per task and sub-task in the range. */
export function SubTaskGrid({ grid }: { grid: SWRResponse<SubTaskRow[]> }) {
  const { t } = useTranslation();
  return (
    <GridCard
      title={t('charts.timePerSubTask')}
      grid={grid}
      table={(rows) => (
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
            {rows.map((r) => (
              <tr key={`${r.activity}\u0000${r.description}`}>
                <td>{r.activity || t('entry.noTask')}</td>
                <td>{r.description}</td>
                <td className="num">{formatDuration(r.totalHours)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    />
  );
}
