import type { Report } from '@contract/responses';
import { useTranslation } from '@/i18n';
import type { User } from '@/lib/auth';
import { formatDuration, formatMoney } from '@/lib/format';
import type { Grouping } from '../hooks/use-report';
import { GROUPING_WORDS } from '../lib/words';

type Row = Report['rows'][number];

/** A row's name as shown: the server's label, or the words for "no client / tag / task". */
export function useRowLabel(groupby: Grouping) {
  const { t } = useTranslation();
  return (row: Row) => {
    if (row.key !== null) return row.label;
    if (groupby === 'client') return t('reports.noClient');
    if (groupby === 'tag') return t('reports.noTag');
    return t('reports.noTask');
  };
}

/** The report's rows and total: time, billable time, rounded billable time, billable amount. */
export function ReportTable({
  report,
  groupby,
  user,
}: {
  report: Report;
  groupby: Grouping;
  user: User | null;
}) {
  const { t } = useTranslation();
  const labelOf = useRowLabel(groupby);
  if (report.rows.length === 0) return <p>{t('reports.empty')}</p>;
  return (
    <table className="report-table">
      <caption>{t('reports.tableCaption', { grouping: t(GROUPING_WORDS[groupby]) })}</caption>
      <thead>
        <tr>
          <th scope="col">{t(GROUPING_WORDS[groupby])}</th>
          <th scope="col">{t('reports.time')}</th>
          <th scope="col">{t('reports.billableTime')}</th>
          <th scope="col">{t('reports.roundedTime')}</th>
          <th scope="col">{t('reports.amount')}</th>
        </tr>
      </thead>
      <tbody>
        {report.rows.map((row) => (
          <tr key={String(row.key)}>
            <th scope="row">{labelOf(row)}</th>
            <td>{formatDuration(row.timeMs)}</td>
            <td>{formatDuration(row.billableMs)}</td>
            <td>{formatDuration(row.roundedBillableMs)}</td>
            <td>{formatMoney(row.billableAmount, user)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('reports.total')}</th>
          <td>{formatDuration(report.total.timeMs)}</td>
          <td>{formatDuration(report.total.billableMs)}</td>
          <td>{formatDuration(report.total.roundedBillableMs)}</td>
          <td>{formatMoney(report.total.billableAmount, user)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
