import { EXPENSE_CATEGORIES, type ExpenseCategory, type VatBasis } from '../../../../contract/enums';
import { centsToAmount } from '../../../../contract/money';
import type { TaxReport } from '../../../../contract/tax';
import type { TaxMonthTotals } from '../../../data/tracking/tax-months';
import type { InvoiceTaxEvent } from './invoice-tax';
import type { TaxPeriodRange } from './period';

/**
 * The figures of a tax period from what was read (pure): the invoices' tax events and the month
 * sums of income and expenses. Everything is added up in integer cents and turned into amounts
 * once, at the end, so every figure is exact.
 */

/** The figures in cents (the answer and the CSV are made from these). */
export interface TaxFigures {
  from: string;
  to: string;
  basis: VatBasis;
  /** By rate in hundredths of a percent, highest first. */
  outputVat: { rateHundredths: number; netCents: number; vatCents: number }[];
  reverseChargeNetCents: number;
  exemptNetCents: number;
  inputVatCents: number;
  vatDueCents: number;
  incomeCents: number;
  expensesCents: number;
  expensesByCategory: { category: ExpenseCategory; netCents: number }[];
  profitCents: number;
}

export function taxFigures(
  range: TaxPeriodRange,
  basis: VatBasis,
  events: readonly InvoiceTaxEvent[],
  months: readonly TaxMonthTotals[],
): TaxFigures {
  const byRate = new Map<number, { netCents: number; vatCents: number }>();
  let reverseChargeNetCents = 0;
  let exemptNetCents = 0;
  for (const e of events) {
    if (e.day < range.from || e.day > range.to) continue;
    if (e.category === 'AE') reverseChargeNetCents += e.netCents;
    else if (e.category === 'E' || e.category === 'O') exemptNetCents += e.netCents;
    else {
      const sums = byRate.get(e.rateHundredths) ?? { netCents: 0, vatCents: 0 };
      sums.netCents += e.netCents;
      sums.vatCents += e.vatCents;
      byRate.set(e.rateHundredths, sums);
    }
  }
  let incomeCents = 0;
  let expensesCents = 0;
  let inputVatCents = 0;
  const byCategory = new Map<ExpenseCategory, number>();
  for (const m of months) {
    if (m.month < range.firstMonth || m.month > range.lastMonth) continue;
    incomeCents += m.incomeCents;
    expensesCents += m.expenseCents;
    inputVatCents += m.inputVatCents;
    for (const [category, cents] of Object.entries(m.byCategory) as [ExpenseCategory, number][]) {
      byCategory.set(category, (byCategory.get(category) ?? 0) + cents);
    }
  }
  const outputVat = [...byRate.entries()]
    .filter(([, s]) => s.netCents !== 0 || s.vatCents !== 0)
    .sort(([a], [b]) => b - a)
    .map(([rateHundredths, s]) => ({ rateHundredths, ...s }));
  const outputCents = outputVat.reduce((sum, r) => sum + r.vatCents, 0);
  return {
    from: range.from,
    to: range.to,
    basis,
    outputVat,
    reverseChargeNetCents,
    exemptNetCents,
    inputVatCents,
    vatDueCents: outputCents - inputVatCents,
    incomeCents,
    expensesCents,
    expensesByCategory: EXPENSE_CATEGORIES.filter((c) => (byCategory.get(c) ?? 0) !== 0).map((category) => ({
      category,
      netCents: byCategory.get(category) ?? 0,
    })),
    profitCents: incomeCents - expensesCents,
  };
}

/** The API's answer. */
export function toTaxReport(f: TaxFigures): TaxReport {
  return {
    from: f.from,
    to: f.to,
    basis: f.basis,
    outputVat: f.outputVat.map((r) => ({
      rate: r.rateHundredths / 100,
      net: centsToAmount(r.netCents),
      vat: centsToAmount(r.vatCents),
    })),
    reverseChargeNet: centsToAmount(f.reverseChargeNetCents),
    exemptNet: centsToAmount(f.exemptNetCents),
    inputVat: centsToAmount(f.inputVatCents),
    vatDue: centsToAmount(f.vatDueCents),
    income: centsToAmount(f.incomeCents),
    expenses: centsToAmount(f.expensesCents),
    expensesByCategory: f.expensesByCategory.map((c) => ({
      category: c.category,
      net: centsToAmount(c.netCents),
    })),
    profit: centsToAmount(f.profitCents),
  };
}

/** Signed cents as an amount with a dot and two decimals (`-1234` → `-12.34`). */
export function signedAmount(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A rate in hundredths of a percent as the CSV writes it (`1900` → `19`, `1950` → `19.5`). */
const rateText = (hundredths: number) => String(hundredths / 100);

/**
 * The same figures as a CSV file (UTF-8 with BOM, CRLF): one row per figure, every row with the
 * period and basis, so a spreadsheet can filter and add them up. Every cell is a day, a word of
 * the contract or a number: no text of the user's, so none needs a formula guard.
 */
export function taxReportCsv(f: TaxFigures): string {
  const header = ['From', 'To', 'Basis', 'Figure', 'Rate', 'Category', 'Net', 'VAT'];
  const row = (figure: string, rate: string, category: string, net: string, vat: string) => [
    f.from,
    f.to,
    f.basis,
    figure,
    rate,
    category,
    net,
    vat,
  ];
  const rows = [
    header,
    ...f.outputVat.map((r) =>
      row('outputVat', rateText(r.rateHundredths), '', signedAmount(r.netCents), signedAmount(r.vatCents)),
    ),
    row('reverseChargeNet', '', '', signedAmount(f.reverseChargeNetCents), ''),
    row('exemptNet', '', '', signedAmount(f.exemptNetCents), ''),
    row('inputVat', '', '', '', signedAmount(f.inputVatCents)),
    row('vatDue', '', '', '', signedAmount(f.vatDueCents)),
    row('income', '', '', signedAmount(f.incomeCents), ''),
    row('expenses', '', '', signedAmount(f.expensesCents), ''),
    ...f.expensesByCategory.map((c) =>
      row('expensesByCategory', '', c.category, signedAmount(c.netCents), ''),
    ),
    row('profit', '', '', signedAmount(f.profitCents), ''),
  ];
  return `\uFEFF${rows.map((r) => r.join(',')).join('\r\n')}\r\n`;
}
