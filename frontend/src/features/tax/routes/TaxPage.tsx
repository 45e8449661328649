import { Button, Spinner } from '@/components';
import { useTranslation } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/error-text';
import { formatDate, isoOfDay } from '@/lib/format';
import { useTitle } from '@/lib/use-title';
import { type TaxReport, useTaxReport } from '../api/get-tax-report';
import { PeriodPicker } from '../components/PeriodPicker';
import { ProfitFigures } from '../components/ProfitFigures';
import { VatFigures } from '../components/VatFigures';
import { useTaxChoice } from '../hooks/use-tax-choice';
import { useTaxCsv } from '../hooks/use-tax-csv';
import { BASIS_WORDS } from '../lib/words';

/** Whether a period holds nothing at all: no invoice, income or expense counted in it. */
export const isEmptyReport = (r: TaxReport): boolean =>
  r.outputVat.length === 0 &&
  r.reverseChargeNet === 0 &&
  r.exemptNet === 0 &&
  r.inputVat === 0 &&
  r.income === 0 &&
  r.expenses === 0;

/**
 * `/tax`: the figures of a month, quarter or year for the VAT return and the profit statement
 * (`GET /api/taxreport`), on the user's basis or the other one for this view, with the German
 * form's boxes, and the same figures as a CSV file. It adds up; it files nothing.
 */
export function TaxPage() {
  const { t } = useTranslation();
  useTitle(t('tax.title'));
  const { user } = useAuth();
  const { choice, userBasis, setChoice } = useTaxChoice();
  const report = useTaxReport(choice);
  const { error, isLoading, mutate } = report;
  // A failed period shows why, never the figures of the period asked for before it.
  const data = error ? undefined : report.data;
  const csv = useTaxCsv(choice);

  const range = data
    ? t('tax.range', {
        from: formatDate(isoOfDay(data.from)),
        to: formatDate(isoOfDay(data.to)),
        basis: t(BASIS_WORDS[data.basis]),
      })
    : '';

  return (
    <div className="page tax-page">
      <h1>{t('tax.title')}</h1>
      <p className="muted tax-disclaimer">{t('tax.disclaimer')}</p>
      <PeriodPicker choice={choice} userBasis={userBasis} onChange={setChoice} />
      <section className="card" aria-labelledby="tax-vat" aria-busy={isLoading}>
        <h2 id="tax-vat">{t('tax.vatReturn')}</h2>
        {error ? (
          <div role="alert">
            <p>{t('tax.failed', { reason: errorMessage(error) })}</p>
            <Button variant="secondary" onClick={() => void mutate()}>
              {t('common.tryAgain')}
            </Button>
          </div>
        ) : null}
        {!data && isLoading ? <Spinner /> : null}
        {data && isEmptyReport(data) ? <p>{t('tax.empty', { range })}</p> : null}
        {data && !isEmptyReport(data) ? <VatFigures report={data} user={user} caption={range} /> : null}
      </section>
      {data && !isEmptyReport(data) ? (
        <section className="card" aria-labelledby="tax-profit">
          <h2 id="tax-profit">{t('tax.profitTitle')}</h2>
          <ProfitFigures report={data} user={user} />
          <p className="muted">{t('tax.profitNote')}</p>
          {csv.error ? (
            <p className="form-error" role="alert">
              {csv.error}
            </p>
          ) : null}
          <div className="form-actions">
            <Button variant="secondary" onClick={() => void csv.download()} disabled={csv.downloading}>
              {csv.downloading ? t('csv.exporting') : t('tax.download')}
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
