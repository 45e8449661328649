import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, FormError } from '@/components';
import { useTranslation } from '@/i18n';
import { errorMessage } from '@/lib/error-text';
import { formatDate, formatTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { downloadInvoicePdf, downloadInvoiceXml, type Invoice, useInvoice } from '../api/invoices';
import { EmailInvoiceDialog } from './EmailInvoiceDialog';

/** Whether the invoice has been issued with its e-invoice documents (XRechnung, UBL). */
const issued = (invoice: Invoice) =>
  invoice.status !== 'draft' && (invoice.documents ?? []).some((d) => d.kind === 'xrechnung');

/** The heading's words of an invoice or credit note: "Invoice RE-2026-0001", "Credit note …". */
export function useDocumentName(invoice: Invoice | undefined): string {
  const { t } = useTranslation();
  if (!invoice) return t('invoices.title');
  const kind = invoice.kind === 'creditNote' ? t('invoiceCredit.creditNote') : t('invoices.invoice');
  return `${kind} ${invoice.number ?? t('invoices.draft')}`;
}

/**
 * What links an invoice and its credit note: on a credit note, the invoice it cancels; on an
 * invoice voided with one, the credit note.
 */
export function CreditNoteLink({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const otherId = invoice.kind === 'creditNote' ? invoice.creditedInvoiceId : invoice.creditNoteId;
  const { data: other } = useInvoice(otherId ?? undefined);
  if (!otherId || !other) return null;
  const number = other.number ?? '';
  return (
    <p>
      <Link to={paths.invoice(other._id)}>
        {invoice.kind === 'creditNote'
          ? t('invoiceCredit.creditNoteOf', { number })
          : t('invoiceCredit.cancelledBy', { number })}
      </Link>
    </p>
  );
}

/**
 * The documents of an invoice: the PDF (a draft's preview, else the stored Factur-X PDF), the
 * XRechnung and UBL of an issued one, "Email to client", and the emails it went out in.
 */
export function InvoiceDocuments({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const documentName = useDocumentName(invoice);
  const [emailing, setEmailing] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = (fn: () => Promise<void>) => () => {
    setError(null);
    fn().catch((err: unknown) => setError(errorMessage(err)));
  };
  const emails = invoice.emails ?? [];
  return (
    <section className="invoice-documents" aria-label={t('invoiceCredit.downloads')}>
      <div className="form-actions">
        <Button variant="secondary" onClick={run(() => downloadInvoicePdf(invoice._id))}>
          {t('invoices.downloadPdf')}
        </Button>
        {issued(invoice) ? (
          <>
            <Button variant="secondary" onClick={run(() => downloadInvoiceXml(invoice._id, 'xrechnung'))}>
              {t('invoiceCredit.downloadXrechnung')}
            </Button>
            <Button variant="secondary" onClick={run(() => downloadInvoiceXml(invoice._id, 'ubl'))}>
              {t('invoiceCredit.downloadUbl')}
            </Button>
            <Button onClick={() => setEmailing(true)}>{t('invoiceCredit.email.action')}</Button>
          </>
        ) : null}
      </div>
      <FormError>{error}</FormError>
      {sentTo ? <p role="status">{t('invoiceCredit.email.sent', { to: sentTo })}</p> : null}
      {emails.length > 0 ? (
        <>
          <h2>{t('invoiceCredit.emails')}</h2>
          <ul className="invoice-emails">
            {emails.map((email) => (
              <li key={`${email.sentAt}-${email.to}`}>
                {t('invoiceCredit.emailedTo', {
                  date: `${formatDate(email.sentAt)} ${formatTime(email.sentAt)}`,
                  to: email.to,
                })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {emailing ? (
        <EmailInvoiceDialog
          invoice={invoice}
          documentName={documentName}
          onClose={() => setEmailing(false)}
          onSent={(to) => {
            setEmailing(false);
            setSentTo(to);
          }}
        />
      ) : null}
    </section>
  );
}
