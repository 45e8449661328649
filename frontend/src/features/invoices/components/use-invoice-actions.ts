import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/error-text';
import { toIsoDay } from '@/lib/format';
import { paths } from '@/lib/paths';
import { type Invoice, useDeleteInvoice, useUpdateInvoice } from '../api/invoices';
import { type MissingValue, missingValuesOf } from './MissingValues';

/** What can be asked of an invoice, each confirmed first: send, pay (on a day), void, delete. */
export type InvoiceAction = 'sent' | 'paid' | 'void' | 'delete';

/** The words of each action: its button, and its confirmation's title and message. */
export const ACTION_WORDS = {
  sent: {
    label: 'invoices.actions.sent',
    title: 'invoices.confirm.sent.title',
    message: 'invoices.confirm.sent.message',
  },
  paid: {
    label: 'invoices.actions.paid',
    title: 'invoices.confirm.paid.title',
    message: 'invoices.confirm.paid.message',
  },
  void: {
    label: 'invoices.actions.void',
    title: 'invoices.confirm.void.title',
    message: 'invoices.confirm.void.message',
  },
  delete: {
    label: 'invoices.actions.delete',
    title: 'invoices.confirm.delete.title',
    message: 'invoices.confirm.delete.message',
  },
} as const;

/**
 * The actions an invoice's status allows: a sent or paid one is voided with a credit note; a credit
 * note has none (it cannot be voided or paid).
 */
export function actionsFor(invoice: Pick<Invoice, 'status' | 'kind'>): InvoiceAction[] {
  if (invoice.kind === 'creditNote') return [];
  if (invoice.status === 'draft') return ['sent', 'delete'];
  if (invoice.status === 'sent') return ['paid', 'void'];
  if (invoice.status === 'paid') return ['void'];
  return [];
}

/** The invoice page's state: which action waits for its confirmation, the paid day, errors. */
export function useInvoiceActions(invoice: Invoice | undefined) {
  const update = useUpdateInvoice();
  const remove = useDeleteInvoice();
  const navigate = useNavigate();
  const [asking, setAsking] = useState<InvoiceAction | null>(null);
  const [paidDate, setPaidDate] = useState(() => toIsoDay(new Date()));
  const [error, setError] = useState<string | null>(null);
  // What a refused send lacks (INVOICE_INCOMPLETE), listed with links instead of one message.
  const [missing, setMissing] = useState<MissingValue[]>([]);
  const [busy, setBusy] = useState(false);

  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    setMissing([]);
    try {
      await fn();
    } catch (err) {
      const lacking = err instanceof ApiError ? missingValuesOf(err.errors) : [];
      setMissing(lacking);
      setError(lacking.length > 0 ? null : errorMessage(err));
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };
  const confirm = () => {
    if (!invoice || !asking) return;
    const id = invoice._id;
    if (asking === 'delete') {
      return run(async () => {
        await remove(id);
        navigate(paths.invoices);
      });
    }
    return run(() => update(id, asking === 'paid' ? { status: 'paid', paidDate } : { status: asking }));
  };
  return {
    asking,
    ask: setAsking,
    cancel: () => setAsking(null),
    confirm,
    paidDate,
    setPaidDate,
    error,
    missing,
    busy,
  };
}
