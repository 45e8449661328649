import { Button, Spinner } from '@/components';
import { useNumberLocale } from '@/components/DecimalField';
import { useTranslation } from '@/i18n';
import { saveBlob } from '@/lib/download';
import { errorMessage } from '@/lib/error-text';
import { formatDate, isoOfDay } from '@/lib/format';
import { useTitle } from '@/lib/use-title';
import { ReportControls } from '../components/ReportControls';
import { ReportTable, useRowLabel } from '../components/ReportTable';
import { useReport } from '../hooks/use-report';
import { reportCsv } from '../lib/report-csv';
import { GROUPING_WORDS } from '../lib/words';

/**
 * `/reports`: the person's time in a period, filtered and grouped, with billable time (exact and
 * rounded) and billable amounts; the table as shown can be downloaded as CSV.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  useTitle(t('reports.title'));
  const state = useReport();
  const labelOf = useRowLabel(state.groupby);
  const locale = useNumberLocale();
  const { data, error, isLoading } = state.report;

  const download = () => {
    if (!data) return;
    const csv = reportCsv(
      data,
      {
        group: t(GROUPING_WORDS[state.groupby]),
        hours: t('reports.hours'),
        billable: t('reports.billableHours'),
        rounded: t('reports.roundedHours'),
        amount: t('reports.amount'),
        total: t('reports.total'),
      },
      labelOf,
      locale,
    );
    const name = `timeledger-report-${state.range.startdate}-${state.range.enddate}-${state.groupby}.csv`;
    saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), name);
  };

  return (
    <div className="page reports-page">
      <h1>{t('reports.title')}</h1>
      <ReportControls state={state} />
      <section className="card" aria-labelledby="report-result" aria-busy={isLoading}>
        <h2 id="report-result">
          {t('reports.result', {
            from: formatDate(isoOfDay(state.range.startdate)),
            to: formatDate(isoOfDay(state.range.enddate)),
          })}
        </h2>
        {!state.valid ? <p role="alert">{t('reports.badRange')}</p> : null}
        {error ? <p role="alert">{errorMessage(error)}</p> : null}
        {!data && isLoading ? <Spinner /> : null}
        {data ? <ReportTable report={data} groupby={state.groupby} user={state.user} /> : null}
        {data && data.rows.length > 0 ? (
          <div className="form-actions">
            <Button variant="secondary" onClick={download}>
              {t('reports.download')}
            </Button>
          </div>
        ) : null}
      </section>
    </div>
  );
}
