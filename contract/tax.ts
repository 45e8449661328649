import * as z from 'zod/mini';
import { EXPENSE_CATEGORIES, TAX_PERIODS, VAT_BASES } from './enums';
import { schemaMessage } from './error-codes';
import { type Built, lazy } from './lazy';

/** The query and answer of the tax report (CONTRACT §9 "The tax period"). */

export const TAX_YEAR_MIN = 1970;
export const TAX_YEAR_MAX = 2999;

const YEAR_MESSAGE = schemaMessage('OUT_OF_RANGE', { field: 'year', min: TAX_YEAR_MIN, max: TAX_YEAR_MAX });

/** Query of GET /api/taxreport: `year`, `period` (m1–m12, q1–q4, year), `basis?`, `format?`. */
export const taxReportQuerySchema = /* @__PURE__ */ lazy(() =>
  z.object({
    year: z.pipe(
      z.string({ error: schemaMessage('FIELD_REQUIRED', { field: 'year' }) }).check(
        z.regex(/^\d{4}$/, YEAR_MESSAGE),
        z.refine((y) => Number(y) >= TAX_YEAR_MIN && Number(y) <= TAX_YEAR_MAX, YEAR_MESSAGE),
      ),
      z.transform(Number),
    ),
    period: z.enum(TAX_PERIODS, {
      error: schemaMessage('NOT_ONE_OF', { field: 'period', options: 'm1–m12, q1–q4, year' }),
    }),
    basis: z.optional(
      z.enum(VAT_BASES, {
        error: schemaMessage('NOT_ONE_OF', { field: 'basis', options: VAT_BASES.join(', ') }),
      }),
    ),
    format: z.optional(
      z.enum(['json', 'csv'], {
        error: schemaMessage('NOT_ONE_OF', { field: 'format', options: 'json, csv' }),
      }),
    ),
  }),
);
export type TaxReportQuery = z.output<Built<typeof taxReportQuerySchema>>;
export type TaxReportQueryInput = z.input<Built<typeof taxReportQuerySchema>>;

/**
 * The answer: output VAT by rate (percent), the net of reverse-charge and exempt invoices, input
 * VAT, what is due (Σ output − input), and income, expenses (by category) and profit. Money in the
 * user's currency, cents-exact decimals.
 */
export const taxReport = /* @__PURE__ */ lazy(() =>
  z.object({
    from: z.string(),
    to: z.string(),
    basis: z.enum(VAT_BASES),
    outputVat: z.array(z.object({ rate: z.number(), net: z.number(), vat: z.number() })),
    reverseChargeNet: z.number(),
    exemptNet: z.number(),
    inputVat: z.number(),
    vatDue: z.number(),
    income: z.number(),
    expenses: z.number(),
    expensesByCategory: z.array(z.object({ category: z.enum(EXPENSE_CATEGORIES), net: z.number() })),
    profit: z.number(),
  }),
);
export type TaxReport = z.infer<Built<typeof taxReport>>;
