import { useTranslation } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { formatMoney, formatNumber } from '@/lib/format';
import type { Invoice } from '../api/invoices';
import { UNIT_SHORT_WORDS } from '../lib-words';

/** An invoice's lines and totals (also the preview of a new one). */
export function InvoiceLines({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const prefs = { numberFormat: user?.numberFormat, currency: invoice.currency };
  const hours = (h: number) => formatNumber(h, prefs, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  // Lines of release 3's answers have no unit: hours.
  const quantityOf = (line: Invoice['lines'][number]) => {
    const unit = line.unit ?? 'HUR';
    const quantity = hours(line.quantity ?? line.hours);
    return unit === 'HUR' ? quantity : `${quantity} ${t(UNIT_SHORT_WORDS[unit])}`;
  };
  return (
    <table className="invoice-lines">
      <caption className="figure-what">{t('figures.invoiceRounded')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('invoices.description')}</th>
          <th scope="col" className="num">
            {t('invoices.hours')}
          </th>
          <th scope="col" className="num">
            {t('invoices.rate')}
          </th>
          <th scope="col" className="num">
            {t('invoices.amount')}
          </th>
        </tr>
      </thead>
      <tbody>
        {invoice.lines.map((line, i) => (
          // Lines have no id of their own; their order is the invoice's.
          // biome-ignore lint/suspicious/noArrayIndexKey: the position is the line's identity
          <tr key={i}>
            <td>{line.description}</td>
            <td className="num">{quantityOf(line)}</td>
            <td className="num">{formatMoney(line.rate, prefs)}</td>
            <td className="num">{formatMoney(line.amount, prefs)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={3}>
            {t('invoices.subtotal')}
          </th>
          <td className="num">{formatMoney(invoice.subtotal, prefs)}</td>
        </tr>
        <tr>
          <th scope="row" colSpan={3}>
            {invoice.reverseCharge
              ? t('invoices.reverseChargeNote')
              : t('invoices.taxLine', { rate: formatNumber(invoice.taxRate, prefs) })}
          </th>
          <td className="num">{formatMoney(invoice.tax, prefs)}</td>
        </tr>
        <tr>
          <th scope="row" colSpan={3}>
            {t('invoices.total')}
          </th>
          <td className="num">
            <strong>{formatMoney(invoice.total, prefs)}</strong>
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
