import { useState } from 'react';
import { Button, Dialog, Field, FormError } from '@/components';
import { useTranslation } from '@/i18n';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/error-text';
import { type Invoice, useEmailInvoice } from '../api/invoices';

export interface EmailInvoiceDialogProps {
  invoice: Invoice;
  /** The document's name in the title ("Invoice RE-2026-0001"). */
  documentName: string;
  onClose: () => void;
  /** After the email went out: where to. */
  onSent: (to: string) => void;
}

/**
 * "Email to client": the address (empty: the client's) and a message; the PDF and the XRechnung go
 * attached. An email held back by the hourly mail cap says so and that nothing was sent; any other
 * refusal (no address, an address that is none) shows the server's reason in the app's words.
 */
export function EmailInvoiceDialog({ invoice, documentName, onClose, onSent }: EmailInvoiceDialogProps) {
  const { t } = useTranslation();
  const send = useEmailInvoice();
  const [to, setTo] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const clientEmail = invoice.client.email.trim();

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const sent = await send(invoice._id, {
        ...(to.trim() ? { to: to.trim() } : {}),
        ...(message.trim() ? { message } : {}),
      });
      onSent(sent.to);
    } catch (err) {
      const heldBack = err instanceof ApiError && err.code === 'TOO_MANY_EMAILS';
      setError(heldBack ? t('invoiceCredit.email.heldBack') : errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('invoiceCredit.email.title', { document: documentName })}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} disabled={busy || (!to.trim() && !clientEmail)}>
            {t('invoiceCredit.email.send')}
          </Button>
        </>
      }
    >
      <div className="form">
        <Field
          label={t('invoiceCredit.email.to')}
          hint={
            clientEmail
              ? t('invoiceCredit.email.toHint', { email: clientEmail })
              : t('invoiceCredit.email.toHintNone')
          }
        >
          <input
            type="email"
            autoComplete="email"
            value={to}
            placeholder={clientEmail}
            onChange={(e) => setTo(e.target.value)}
          />
        </Field>
        <Field label={t('invoiceCredit.email.message')} hint={t('invoiceCredit.email.messageHint')}>
          <textarea rows={5} value={message} onChange={(e) => setMessage(e.target.value)} />
        </Field>
        <FormError>{error}</FormError>
      </div>
    </Dialog>
  );
}
