import type { InvoiceCreateBody, LineGrouping } from '@contract/invoices';
import { useState } from 'react';
import { useNumberLocale } from '@/components';
import { getT } from '@/i18n';
import { parseDecimal } from '@/lib/decimal';
import { errorMessage } from '@/lib/error-text';
import { toIsoDay } from '@/lib/format';
import { type Invoice, previewInvoice, useCreateInvoice } from '../api/invoices';

export interface NewInvoiceValue {
  clientId: string;
  startdate: string;
  enddate: string;
  taxRate: string;
  reverseCharge: boolean;
  notes: string;
  /** One line per project (default), per task or per entry. */
  lineGrouping: LineGrouping;
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
  lineGrouping: 'project',
});

/** The body to send, or null when the tax rate cannot be read in the user's number format. */
function bodyOf(v: NewInvoiceValue, locale: string): InvoiceCreateBody | null {
  const taxRate = v.taxRate.trim() === '' ? 0 : parseDecimal(v.taxRate, locale, { integerDigits: 3 });
  if (taxRate === null) return null;
  return {
    clientId: v.clientId,
    startdate: v.startdate,
    enddate: v.enddate,
    taxRate,
    reverseCharge: v.reverseCharge,
    notes: v.notes,
    lineGrouping: v.lineGrouping,
  };
}

/** The new-invoice form: its value, the server's preview of it, and creating the draft. */
export function useNewInvoice() {
  const create = useCreateInvoice();
  const locale = useNumberLocale();
  const [value, setValue] = useState<NewInvoiceValue>(initialNewInvoice);
  const [preview, setPreview] = useState<Invoice | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (next: Partial<NewInvoiceValue>) => {
    setValue((v) => ({ ...v, ...next }));
    setPreview(null);
  };
  const run = async <T>(fn: (body: InvoiceCreateBody) => Promise<T>): Promise<T | undefined> => {
    const body = bodyOf(value, locale);
    if (body === null) {
      setError(getT()('invoices.taxRateInvalid'));
      return undefined;
    }
    setBusy(true);
    setError(null);
    try {
      return await fn(body);
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
    showPreview: () => run(async (body) => setPreview(await previewInvoice(body))),
    createDraft: () => run((body) => create(body)),
    reset: () => {
      setValue(initialNewInvoice());
      setPreview(null);
      setError(null);
    },
  };
}
