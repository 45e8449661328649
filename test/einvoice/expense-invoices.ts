import fc from 'fast-check';
import {
  DEFAULT_INVOICE_SETTINGS,
  type InvoiceClientCopy,
  type InvoiceRecord,
} from '../../functions/data/billing/invoices';
import type { FinanceActivityRecord } from '../../functions/data/tracking/finance-activities';
import type { EInvoiceDocument } from '../../functions/domain/billing/einvoice/document';
import { buildEInvoice } from '../../functions/domain/billing/invoices/einvoice-build';
import { expenseLine } from '../../functions/domain/billing/invoices/expense-lines';
import { invoiceTotals } from '../../functions/domain/billing/invoices/math';
import { hostileText } from './arbitraries';

/**
 * Invoices that re-bill expenses at cost (CONTRACT §9 `includeExpenses`), made the way the app
 * makes them: the draft's expense lines (`expenseLine`: 1 × C62 at the net amount) beside a line of
 * time, then the e-invoice the sending builds (`buildEInvoice`), in each tax treatment.
 */

const SELLER = {
  ...DEFAULT_INVOICE_SETTINGS,
  name: 'Jana Schmidt Webentwicklung',
  street: 'Lindenstraße 5',
  postcode: '10115',
  city: 'Berlin',
  email: 'jana@example.com',
  phone: '+49 30 1234567',
  vatId: 'DE123456789',
  iban: 'DE89370400440532013000',
};

/** Seller's §19 setting, reverse charge, the buyer's country and the rate: S, AE, E, Z and O. */
const TREATMENTS = [
  { smallBusiness: false, reverseCharge: false, country: 'DE', taxRate: 1900 },
  { smallBusiness: false, reverseCharge: true, country: 'AT', taxRate: 1900 },
  { smallBusiness: true, reverseCharge: false, country: 'DE', taxRate: 0 },
  { smallBusiness: false, reverseCharge: false, country: 'DE', taxRate: 0 },
  { smallBusiness: false, reverseCharge: false, country: 'US', taxRate: 0 },
] as const;

const expenseArb = fc.record({
  task: fc.tuple(fc.constantFrom('Hotel', 'Bahn', 'Software 🧾'), hostileText).map(([a, b]) => `${a} ${b}`),
  subTask: fc.oneof(fc.constant(''), hostileText),
  amountCents: fc.oneof(fc.integer({ min: 0, max: 10_000_000_000 }), fc.constantFrom(0, 1, 7, 12_345)),
  day: fc.integer({ min: 1, max: 28 }),
});

type ExpenseInput = { task: string; subTask: string; amountCents: number; day: number };

function expenseRecord(e: ExpenseInput, i: number): FinanceActivityRecord {
  const day = `2026-03-${String(e.day).padStart(2, '0')}`;
  const record: FinanceActivityRecord = {
    activityId: `01JEXPENSE${String(i).padStart(16, '0')}`,
    userId: 'u1',
    projectId: 'p1',
    task: e.task,
    subTask: e.subTask,
    date: `${day}T00:00:00.000Z`,
    version: 1,
    createdAt: `${day}T00:00:00.000Z`,
    updatedAt: `${day}T00:00:00.000Z`,
    amountCents: e.amountCents,
    expense: true,
    notes: '',
  };
  return record;
}

/** One invoice of the treatment: 1.5 h of time at 80 and the expenses, by day. */
function invoiceWith(expenses: ExpenseInput[], t: (typeof TREATMENTS)[number], n: number): EInvoiceDocument {
  const lines = [
    {
      projectId: 'p1',
      description: 'Website',
      hoursHundredths: 150,
      rateCents: 8000,
      amountCents: 12_000,
      unit: 'HUR' as const,
      firstDay: '2026-03-01',
    },
    ...expenses.map((e, i) => expenseLine(expenseRecord(e, i))),
  ];
  const invoice: InvoiceRecord = {
    invoiceId: `01JINVOICE${String(n).padStart(16, '0')}`,
    userId: 'u1',
    status: 'draft',
    number: null,
    clientId: 'c1',
    client: { name: 'Beispiel GmbH', email: '', address: '', taxId: '' },
    startdate: '2026-03-01',
    enddate: '2026-03-31',
    currency: 'EUR',
    lines,
    ...invoiceTotals(
      lines.map((l) => l.amountCents),
      t.taxRate,
      t.reverseCharge,
    ),
    taxRateHundredths: t.taxRate,
    reverseCharge: t.reverseCharge,
    notes: '',
    entryCount: 1,
    entryIds: ['e1'],
    expenseIds: expenses.map((_, i) => `x${i}`),
    createdAt: '2026-04-01T00:00:00.000Z',
    sentAt: null,
    paidDate: null,
    voidedAt: null,
    issuer: null,
  };
  const buyer: InvoiceClientCopy = {
    name: 'Beispiel GmbH',
    email: 'buchhaltung@example.org',
    address: '',
    taxId: '',
    street: 'Hauptstraße 1',
    postcode: '1010',
    city: 'Wien',
    country: t.country,
    ...(t.country === 'US' ? {} : { vatId: 'ATU12345678' }),
  };
  return buildEInvoice({
    invoice,
    seller: { ...SELLER, smallBusiness: t.smallBusiness },
    buyer,
    user: { language: 'de' },
    number: `AUS-2026-${String(n + 1).padStart(4, '0')}`,
    sentAt: new Date('2026-04-02T10:00:00Z'),
  });
}

/** One invoice with re-billed expenses per tax treatment, the expenses generated from `seed`. */
export function expenseInvoiceDocuments(seed: number): EInvoiceDocument[] {
  const samples = fc.sample(fc.array(expenseArb, { minLength: 1, maxLength: 8 }), {
    numRuns: TREATMENTS.length,
    seed,
  });
  return TREATMENTS.map((t, n) => invoiceWith(samples[n]!, t, n));
}
