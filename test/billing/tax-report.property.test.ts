import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPENSE_CATEGORIES, type ExpenseCategory, TAX_PERIODS, type TaxPeriod } from '../../contract/enums';
import { type InvoiceRecord, toInvoiceItem } from '../../functions/data/billing/invoices';
import { putItems } from '../../functions/data/core/batch';
import { newProject, newUser, type TestUser } from '../activities/helpers';
import { call } from '../api';
import { runs } from '../runs';

/**
 * The tax report (CONTRACT §9 "The tax period") against sums computed straight from generated
 * data: invoices of every tax treatment (stored directly: drafts, sent, paid and void ones, credit
 * notes, paid and sent across period ends), and income and expenses with VAT and categories made
 * through the API (some edited, some deleted). Every figure of every month, quarter and the year,
 * on both bases, must equal the model's, to the cent.
 */

const RUNS = runs(25, 4);
const YEAR = 2026;
const EU = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' '),
);

/** A day from Dec of the year before to Jan of the year after (so periods' edges are crossed). */
const dayArb = fc.integer({ min: 0, max: 395 }).map((n) => {
  const d = new Date(Date.UTC(YEAR - 1, 11, 1) + n * 86_400_000);
  return d.toISOString().slice(0, 10);
});
const cents = fc.oneof(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 5_000_000 }));

interface GenInvoice {
  status: 'draft' | 'sent' | 'paid' | 'void';
  smallBusiness: boolean;
  reverseCharge: boolean;
  country: string;
  rate: number;
  net: number;
  sent: string;
  /** Days from sending to payment (paid or credited after payment). */
  paidAfter: number;
  /** Void with a credit note, issued this many days after sending (or after payment). */
  credit: number | null;
}

const invoiceArb: fc.Arbitrary<GenInvoice> = fc.record({
  status: fc.constantFrom('draft', 'sent', 'paid', 'void'),
  smallBusiness: fc.integer({ min: 0, max: 9 }).map((n) => n < 2),
  reverseCharge: fc.boolean(),
  country: fc.constantFrom('DE', 'AT', 'FR', 'US', 'CH'),
  rate: fc.constantFrom(0, 700, 1900, 1950),
  net: cents,
  sent: dayArb,
  paidAfter: fc.integer({ min: 0, max: 70 }),
  credit: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
});

interface GenMoney {
  project: 0 | 1;
  expense: boolean;
  amount: number;
  vat: number;
  category: ExpenseCategory;
  day: string;
  /** Edited afterwards to these, or deleted. */
  later:
    | { kind: 'keep' }
    | { kind: 'delete' }
    | { kind: 'edit'; amount: number; vat: number; day: string; category: ExpenseCategory };
}

const category = fc.constantFrom(...EXPENSE_CATEGORIES);
const moneyArb: fc.Arbitrary<GenMoney> = fc.record({
  project: fc.constantFrom(0 as const, 1 as const),
  expense: fc.boolean(),
  amount: cents,
  vat: cents,
  category,
  day: dayArb,
  later: fc.oneof(
    { weight: 3, arbitrary: fc.constant({ kind: 'keep' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'delete' as const }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('edit' as const),
        amount: cents,
        vat: cents,
        day: dayArb,
        category,
      }),
    },
  ),
});

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const half = (a: number, b: number, d: number) =>
  Number((BigInt(a) * BigInt(b) * 2n + BigInt(d)) / (2n * BigInt(d)));

function categoryOf(g: GenInvoice): 'S' | 'Z' | 'E' | 'AE' | 'O' {
  if (g.smallBusiness) return 'E';
  if (g.reverseCharge) return 'AE';
  if (g.rate === 0) return EU.has(g.country) ? 'Z' : 'O';
  return 'S';
}

/** The stored items of one generated invoice: the invoice, and its credit note when it has one. */
function invoiceItems(userId: string, projectId: string, g: GenInvoice, i: number) {
  const cat = categoryOf(g);
  const tax = cat === 'S' ? half(g.net, g.rate, 10_000) : 0;
  const id = `01JTAX${String(i).padStart(4, '0')}${'0'.repeat(16)}`;
  const paid = g.status === 'paid' || (g.status === 'void' && g.credit !== null && g.paidAfter % 2 === 0);
  const voided = g.status === 'void';
  const paidDate = paid ? addDays(g.sent, g.paidAfter) : null;
  const base: InvoiceRecord = {
    invoiceId: id,
    userId,
    status: g.status,
    number: g.status === 'draft' ? null : `${YEAR}-${i}`,
    clientId: '01JTAXCLIENT000000000000000',
    client: { name: 'Client', email: '', address: '', taxId: '', ...{ country: g.country } },
    startdate: g.sent,
    enddate: g.sent,
    currency: 'EUR',
    lines: [{ projectId, description: 'Work', hoursHundredths: 100, rateCents: g.net, amountCents: g.net }],
    subtotalCents: g.net,
    taxRateHundredths: g.rate,
    taxCents: tax,
    totalCents: g.net + tax,
    reverseCharge: g.reverseCharge,
    notes: '',
    entryCount: 0,
    entryIds: [],
    createdAt: `${g.sent}T08:00:00.000Z`,
    sentAt: g.status === 'draft' ? null : `${g.sent}T09:30:00.000Z`,
    paidDate,
    voidedAt: null,
    issuer:
      g.status === 'draft'
        ? null
        : ({ smallBusiness: g.smallBusiness } as unknown as InvoiceRecord['issuer']),
  };
  const items = [toInvoiceItem(base)];
  const credited = voided && g.credit !== null ? addDays(paidDate ?? g.sent, g.credit) : null;
  if (credited) {
    const note = {
      ...base,
      invoiceId: `01JTAXCN${String(i).padStart(4, '0')}${'0'.repeat(14)}`,
      status: 'sent' as const,
      paidDate: null,
      sentAt: `${credited}T10:00:00.000Z`,
      kind: 'creditNote',
      creditedInvoiceId: id,
    };
    items.push(toInvoiceItem(note as InvoiceRecord));
  }
  return { items, cat, tax, paidDate, credited };
}

interface Expected {
  outputVat: Map<number, { net: number; vat: number }>;
  reverseChargeNet: number;
  exemptNet: number;
}

function periodDays(period: TaxPeriod): [string, string] {
  const [a, b] =
    period === 'year'
      ? [1, 12]
      : period[0] === 'q'
        ? [3 * Number(period[1]) - 2, 3 * Number(period[1])]
        : [Number(period.slice(1)), Number(period.slice(1))];
  const last = new Date(Date.UTC(YEAR, b, 0)).toISOString().slice(0, 10);
  return [`${YEAR}-${String(a).padStart(2, '0')}-01`, last];
}

const amount = (c: number) => c / 100;

async function runCase(user: TestUser, projects: string[], invoices: GenInvoice[], money: GenMoney[]) {
  const built = invoices.map((g, i) => ({ g, ...invoiceItems(user.userId, projects[0]!, g, i) }));
  await putItems(built.flatMap((b) => b.items));
  const kept: { expense: boolean; amount: number; vat: number; category: ExpenseCategory; day: string }[] =
    [];
  for (const m of money) {
    const body = {
      projectId: projects[m.project],
      amount: amount(m.amount),
      vatAmount: amount(m.vat),
      expense: m.expense,
      date: m.day,
      ...(m.expense ? { category: m.category } : {}),
    };
    const created = await call('POST', '/api/financeactivities', { token: user.token, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body._id as string;
    if (m.later.kind === 'delete') {
      expect((await call('DELETE', `/api/financeActivities/${id}`, { token: user.token })).status).toBe(200);
    } else if (m.later.kind === 'edit') {
      const t = m.later;
      const edit = {
        amount: amount(t.amount),
        vatAmount: amount(t.vat),
        date: t.day,
        ...(m.expense ? { category: t.category } : {}),
      };
      const res = await call('PUT', `/api/financeActivities/${id}`, { token: user.token, body: edit });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      kept.push({ expense: m.expense, amount: t.amount, vat: t.vat, category: t.category, day: t.day });
    } else kept.push({ expense: m.expense, amount: m.amount, vat: m.vat, category: m.category, day: m.day });
  }

  for (const basis of ['cash', 'accrual'] as const) {
    for (const period of TAX_PERIODS) {
      const [from, to] = periodDays(period);
      const within = (d: string | null) => d !== null && d >= from && d <= to;
      const e: Expected = { outputVat: new Map(), reverseChargeNet: 0, exemptNet: 0 };
      const add = (cat: string, rate: number, net: number, vat: number) => {
        if (cat === 'AE') e.reverseChargeNet += net;
        else if (cat === 'E' || cat === 'O') e.exemptNet += net;
        else {
          const r = e.outputVat.get(rate) ?? { net: 0, vat: 0 };
          e.outputVat.set(rate, { net: r.net + net, vat: r.vat + vat });
        }
      };
      for (const b of built) {
        const rate = b.cat === 'S' || b.cat === 'Z' ? b.g.rate : 0;
        const counted = b.g.status === 'sent' || b.g.status === 'paid' || b.credited !== null;
        const day = basis === 'cash' ? b.paidDate : `${b.g.sent}`;
        if (counted && b.g.status !== 'draft' && within(day)) add(b.cat, rate, b.g.net, b.tax);
        if (b.credited && within(b.credited) && (basis === 'accrual' || b.paidDate !== null)) {
          add(b.cat, rate, -b.g.net, -b.tax);
        }
      }
      const inPeriod = kept.filter((k) => within(k.day));
      const income = inPeriod.filter((k) => !k.expense).reduce((s, k) => s + k.amount, 0);
      const expenses = inPeriod.filter((k) => k.expense).reduce((s, k) => s + k.amount, 0);
      const inputVat = inPeriod.filter((k) => k.expense).reduce((s, k) => s + k.vat, 0);
      const outputVat = [...e.outputVat.entries()]
        .filter(([, r]) => r.net !== 0 || r.vat !== 0)
        .sort(([a], [b]) => b - a)
        .map(([rate, r]) => ({ rate: rate / 100, net: amount(r.net), vat: amount(r.vat) }));
      const outputCents = [...e.outputVat.values()].reduce((s, r) => s + r.vat, 0);
      const byCategory = EXPENSE_CATEGORIES.map((c) => ({
        category: c,
        net: inPeriod.filter((k) => k.expense && k.category === c).reduce((s, k) => s + k.amount, 0),
      }))
        .filter((c) => c.net !== 0)
        .map((c) => ({ category: c.category, net: amount(c.net) }));
      const res = await call('GET', '/api/taxreport', {
        token: user.token,
        query: { year: String(YEAR), period, basis },
      });
      expect(res.status).toBe(200);
      expect(res.body, `${basis} ${period}`).toEqual({
        from,
        to,
        basis,
        outputVat,
        reverseChargeNet: amount(e.reverseChargeNet),
        exemptNet: amount(e.exemptNet),
        inputVat: amount(inputVat),
        vatDue: amount(outputCents - inputVat),
        income: amount(income),
        expenses: amount(expenses),
        expensesByCategory: byCategory,
        profit: amount(income - expenses),
      });
    }
  }
}

describe('the tax report against sums of the generated entries', () => {
  it('equals them for every month, quarter and the year, on both bases, to the cent', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(invoiceArb, { maxLength: 8 }),
        fc.array(moneyArb, { maxLength: 10 }),
        async (invoices, money) => {
          const user = await newUser({ premium: true });
          const projects = [await newProject(user, 'Tax A'), await newProject(user, 'Tax B')];
          await runCase(user, projects, invoices, money);
        },
      ),
      { numRuns: RUNS },
    );
  }, 600_000);
});
