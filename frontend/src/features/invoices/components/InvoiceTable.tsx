import { Link } from 'react-router-dom';
import { useTranslation } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { formatDate, formatMoney } from '@/lib/format';
import { paths } from '@/lib/paths';
import type { Invoice } from '../api/invoices';

/**
 * The invoices, newest first: number (or Draft), client, period, status and total; a credit note
 * says so and names the invoice it cancels, its total negative. On a phone each invoice is a card,
 * every value under its column's name (`data-label`), nothing runs off sideways.
 */
export function InvoiceTable({ invoices }: { invoices: Invoice[] }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (invoices.length === 0) return <p className="muted">{t('invoices.none')}</p>;
  const numbers = new Map(invoices.map((i) => [i._id, i.number]));
  return (
    <table className="invoice-table">
      <thead>
        <tr>
          <th scope="col">{t('invoices.number')}</th>
          <th scope="col">{t('invoices.client')}</th>
          <th scope="col">{t('invoices.period')}</th>
          <th scope="col">{t('invoices.status')}</th>
          <th scope="col" className="num">
            {t('invoices.total')}
          </th>
        </tr>
      </thead>
      <tbody>
        {invoices.map((invoice) => (
          <tr key={invoice._id}>
            <td data-label={t('invoices.number')}>
              <Link to={paths.invoice(invoice._id)}>{invoice.number ?? t('invoices.draft')}</Link>
              {invoice.kind === 'creditNote' ? (
                <span className="invoice-credit muted">
                  {` ${t('invoiceCredit.creditNote')} · ${t('invoiceCredit.cancels', {
                    number: numbers.get(invoice.creditedInvoiceId ?? '') ?? '',
                  })}`}
                </span>
              ) : null}
            </td>
            <td data-label={t('invoices.client')}>{invoice.client.name}</td>
            <td data-label={t('invoices.period')}>
              {formatDate(invoice.startdate)} – {formatDate(invoice.enddate)}
            </td>
            <td data-label={t('invoices.status')}>
              <StatusBadge status={invoice.status} />
            </td>
            <td className="num" data-label={t('invoices.total')}>
              {formatMoney(invoice.kind === 'creditNote' ? -invoice.total : invoice.total, {
                numberFormat: user?.numberFormat,
                currency: invoice.currency,
              })}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const STATUS_WORDS = {
  draft: 'invoices.statuses.draft',
  sent: 'invoices.statuses.sent',
  paid: 'invoices.statuses.paid',
  void: 'invoices.statuses.void',
} as const;

/** The status in words, coloured by what it means. */
export function StatusBadge({ status }: { status: Invoice['status'] }) {
  const { t } = useTranslation();
  return <span className={`badge badge-invoice-${status}`}>{t(STATUS_WORDS[status])}</span>;
}
