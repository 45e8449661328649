import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import type { User } from '@/lib/auth';
import { formatMoney, formatNumber } from '@/lib/format';
import type { TaxReport } from '../api/get-tax-report';
import { outputBoxKey } from '../lib/words';

/**
 * One line of the return: what it is, its box, and its net and/or VAT (an empty cell where none).
 * On a phone the box column would push the amounts off the screen, so the box is shown under the
 * figure's name instead (the column stays for screen readers; the copy under the name is hidden
 * from them).
 */
function Line({ label, box, net, vat }: { label: string; box: string; net?: string; vat?: string }) {
  return (
    <tr>
      <th scope="row">
        {label}
        <span className="tax-box-inline" aria-hidden="true">
          {box}
        </span>
      </th>
      <td className="tax-box">{box}</td>
      <td>{net ?? ''}</td>
      <td>{vat ?? ''}</td>
    </tr>
  );
}

/**
 * The VAT return's figures (Umsatzsteuer-Voranmeldung): output VAT by rate, reverse-charge and
 * exempt sales, input VAT, and what is due — each beside the box of the German form it goes in
 * (docs/tax-period.md). A negative amount due is a refund.
 */
export function VatFigures({
  report,
  user,
  caption,
}: {
  report: TaxReport;
  user: User | null;
  caption: ReactNode;
}) {
  const { t } = useTranslation();
  const money = (amount: number) => formatMoney(amount, user);
  return (
    <div className="table-scroll">
      <table className="report-table tax-table tax-vat-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('tax.figure')}</th>
            <th scope="col">{t('tax.box')}</th>
            <th scope="col">{t('tax.net')}</th>
            <th scope="col">{t('tax.vat')}</th>
          </tr>
        </thead>
        <tbody>
          {report.outputVat.map((r) => (
            <Line
              key={r.rate}
              label={t('tax.outputAtRate', { rate: formatNumber(r.rate, user) })}
              box={t(outputBoxKey(r.rate))}
              net={money(r.net)}
              vat={money(r.vat)}
            />
          ))}
          <Line
            label={t('tax.reverseCharge')}
            box={t('tax.boxes.reverseCharge')}
            net={money(report.reverseChargeNet)}
          />
          <Line label={t('tax.exempt')} box={t('tax.boxes.exempt')} net={money(report.exemptNet)} />
          <Line label={t('tax.inputVat')} box={t('tax.boxes.inputVat')} vat={money(report.inputVat)} />
        </tbody>
        <tfoot>
          <Line label={t('tax.vatDue')} box={t('tax.boxes.vatDue')} vat={money(report.vatDue)} />
        </tfoot>
      </table>
      {report.vatDue < 0 ? <p className="muted">{t('tax.refund')}</p> : null}
    </div>
  );
}
