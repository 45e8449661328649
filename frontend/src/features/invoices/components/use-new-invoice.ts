import type { InvoiceCreateBody } from '@contract/invoices';
import { useState } from 'react';
import { errorMessage } from '@/i18n/errors';
import { toIsoDay } from '@/lib/format';
import { type Invoice, previewInvoice, useCreateInvoice } from '../api/invoices';

export interface NewInvoiceValue {
  clientId: string;
  startdate: string;
  enddate: string;
  taxRate: string;
  reverseCharge: boolean;
  notes: string;
}

/** Last calendar month: what most freelancers bill. */
function lastMonth(now = new Date()): Pick<NewInvoiceValue, 'startdate' | 'enddate'> {
  const first = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const last = new Date(now.getFullYear(), now.getMonth(), 0);
  return { startdate: toIsoDay(first), enddate: toIsoDay(last) };
}

export const initialNewInvoice = (): NewInvoiceValue => ({
  clientId: '',
  ...lastMonth(),
  taxRate: '0',
  reverseCharge: false,
  notes: '',
});

const bodyOf = (v: NewInvoiceValue): InvoiceCreateBody => ({
  clientId: v.clientId,
  startdate: v.startdate,
  enddate: v.enddate,
  // A comma is what a German keyboard types for a decimal.
  taxRate: Number(v.taxRate.replace(',', '.')),
  reverseCharge: v.reverseCharge,
  notes: v.notes,
});

/** The new-invoice form: its value, the server's preview of it, and creating the draft. */
export function useNewInvoice() {
  const create = useCreateInvoice();
  const [value, setValue] = useState<NewInvoiceValue>(initialNewInvoice);
  const [preview, setPreview] = useState<Invoice | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (next: Partial<NewInvoiceValue>) => {
    setValue((v) => ({ ...v, ...next }));
    setPreview(null);
  };
  const run = async <T>(fn: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await fn();
    } catch (err) {
      setError(errorMessage(err));
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return {
    value,
    change,
    preview,
    error,
    busy,
    showPreview: () => run(async () => setPreview(await previewInvoice(bodyOf(value)))),
    createDraft: () => run(() => create(bodyOf(value))),
    reset: () => {
      setValue(initialNewInvoice());
      setPreview(null);
      setError(null);
    },
  };
}
