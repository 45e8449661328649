import type { InvoiceUpdateBody, LineUnit } from '@contract/invoices';
import { useState } from 'react';
import { useNumberLocale } from '@/components';
import { getT } from '@/i18n';
import { formatDecimal, parseDecimal } from '@/lib/decimal';
import { errorMessage } from '@/lib/error-text';
import { type Invoice, useUpdateInvoice } from '../api/invoices';

/** A line as the form holds it: the numbers as typed, in the user's number format. */
export interface LineDraft {
  key: number;
  description: string;
  quantity: string;
  unit: LineUnit;
  price: string;
  projectId: string;
}

export interface DraftValue {
  startdate: string;
  enddate: string;
  notes: string;
  taxRate: string;
  reverseCharge: boolean;
  language: '' | 'de' | 'en';
  lines: LineDraft[];
}

let nextKey = 1;

function formValueOf(invoice: Invoice, locale: string): DraftValue {
  const number = (n: number) => formatDecimal(n, locale);
  return {
    startdate: invoice.startdate,
    enddate: invoice.enddate,
    notes: invoice.notes,
    taxRate: number(invoice.taxRate),
    reverseCharge: invoice.reverseCharge,
    language: invoice.language ?? '',
    lines: invoice.lines.map((l) => ({
      key: nextKey++,
      description: l.description,
      quantity: number(l.quantity),
      unit: l.unit,
      price: number(l.price),
      projectId: l.projectId,
    })),
  };
}

/** The request body, or the words of the first number that cannot be read. */
function bodyOf(v: DraftValue, locale: string): InvoiceUpdateBody | string {
  const t = getT();
  const read = (text: string) => parseDecimal(text, locale, { integerDigits: 9 });
  const taxRate = v.taxRate.trim() === '' ? 0 : parseDecimal(v.taxRate, locale, { integerDigits: 3 });
  if (taxRate === null) return t('invoices.taxRateInvalid');
  const lines: NonNullable<InvoiceUpdateBody['lines']> = [];
  for (const [i, l] of v.lines.entries()) {
    const quantity = read(l.quantity);
    const price = read(l.price);
    if (quantity === null || price === null) return t('invoices.lineNumberInvalid', { line: i + 1 });
    lines.push({ description: l.description, quantity, unit: l.unit, price, projectId: l.projectId });
  }
  return {
    startdate: v.startdate,
    enddate: v.enddate,
    notes: v.notes,
    taxRate,
    reverseCharge: v.reverseCharge,
    ...(v.language ? { language: v.language } : {}),
    lines,
  };
}

/** Shaping a draft (CONTRACT §9): its form, saving it, and the server's refusal in words. */
export function useDraftEditor(invoice: Invoice, onSaved: () => void) {
  const locale = useNumberLocale();
  const update = useUpdateInvoice();
  const [value, setValue] = useState<DraftValue>(() => formValueOf(invoice, locale));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const change = (next: Partial<DraftValue>) => setValue((v) => ({ ...v, ...next }));
  const changeLine = (key: number, next: Partial<LineDraft>) =>
    change({ lines: value.lines.map((l) => (l.key === key ? { ...l, ...next } : l)) });
  const removeLine = (key: number) => change({ lines: value.lines.filter((l) => l.key !== key) });
  const addFixedPrice = () =>
    change({
      lines: [
        ...value.lines,
        {
          key: nextKey++,
          description: '',
          quantity: formatDecimal(1, locale),
          unit: 'C62',
          price: '',
          projectId: invoice.lines[0]?.projectId ?? '',
        },
      ],
    });
  const save = async () => {
    const body = bodyOf(value, locale);
    if (typeof body === 'string') return setError(body);
    setBusy(true);
    setError(null);
    try {
      await update(invoice._id, body);
      onSaved();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return { value, change, changeLine, removeLine, addFixedPrice, save, error, busy };
}
