import * as z from 'zod/mini';
import { schemaMessage } from './error-codes';
import { type Built, lazy } from './lazy';
import { MAX_AMOUNT } from './limits';
import { amountToCents } from './money';

/**
 * A project's budget and target hourly rate (§8 "Budgets and the rate floor"): the request shapes
 * and the answer's. A budget counts hours (a number of hours) or money (an amount of the user's
 * currency, measured as hours × the project's `hourlyRate`), over the project's whole life or the
 * current calendar month. Stored exactly: hours as ms, money as cents.
 */

export const BUDGET_KINDS = ['hours', 'money'] as const;
export const BUDGET_PERIODS = ['total', 'monthly'] as const;
export type BudgetKind = (typeof BUDGET_KINDS)[number];
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];

/** How an alert counts: the thresholds of a budget, in percent (each once per period). */
export const BUDGET_ALERT_THRESHOLDS = [80, 100] as const;

export const MS_PER_HOUR = 3_600_000;

/** A positive decimal with at most 2 decimals, up to MAX_AMOUNT, in hundredths (cents); else undefined. */
export function positiveHundredths(value: number): number | undefined {
  const hundredths = amountToCents(value);
  return hundredths === undefined || hundredths === 0 ? undefined : hundredths;
}

/** A positive amount with at most 2 decimals → hundredths; `message` for anything else. */
const positiveAmount = (message: string) =>
  z.pipe(
    z.number({ error: message }),
    z.transform((value: number, ctx) => {
      const hundredths = positiveHundredths(value);
      if (hundredths === undefined) {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return hundredths;
    }),
  );

/** A budget as stored: its amount in ms (hours) or cents (money). */
export interface StoredBudget {
  kind: BudgetKind;
  period: BudgetPeriod;
  /** ms for an hours budget, cents for a money budget. */
  amount: number;
}

const AMOUNT_MESSAGE = schemaMessage('INVALID_BUDGET_AMOUNT', { max: MAX_AMOUNT });

/** `budget` of a project create or update: the object, or null to remove the budget. */
export const budgetField = /* @__PURE__ */ lazy(() =>
  z.nullable(
    z.pipe(
      z.object(
        {
          kind: z.enum(BUDGET_KINDS, {
            error: schemaMessage('NOT_ONE_OF', { field: 'budgetKind', options: BUDGET_KINDS.join(', ') }),
          }),
          amount: positiveAmount(AMOUNT_MESSAGE),
          period: z.enum(BUDGET_PERIODS, {
            error: schemaMessage('NOT_ONE_OF', { field: 'budgetPeriod', options: BUDGET_PERIODS.join(', ') }),
          }),
        },
        { error: schemaMessage('BUDGET_NOT_OBJECT') },
      ),
      z.transform(
        (b): StoredBudget => ({
          kind: b.kind,
          period: b.period,
          // Hundredths of an hour are 36,000 ms each: exact.
          amount: b.kind === 'hours' ? b.amount * (MS_PER_HOUR / 100) : b.amount,
        }),
      ),
    ),
  ),
);

/** `targetHourlyRate` of a project create or update: per hour in cents once parsed, or null for none. */
export const targetHourlyRateField = /* @__PURE__ */ lazy(() =>
  z.nullable(positiveAmount(schemaMessage('INVALID_TARGET_RATE', { max: MAX_AMOUNT }))),
);

/** `budget` as the API answers it. */
export const budget = /* @__PURE__ */ lazy(() =>
  z.object({
    kind: z.enum(BUDGET_KINDS),
    /** Hours (a decimal number) or an amount of the user's currency. */
    amount: z.number(),
    period: z.enum(BUDGET_PERIODS),
  }),
);

/** `rateFloor` as the API answers it. */
export const rateFloor = /* @__PURE__ */ lazy(() =>
  z.object({
    /** (income − expenses) ÷ hours, to the cent; null with no hours tracked. */
    earnedPerHour: z.nullable(z.number()),
    /** Hours that can still be spent before the project earns less than the target; null without one. */
    hoursLeft: z.nullable(z.number()),
  }),
);

/** The budget fields every project answers. */
export const projectBudgetFields = /* @__PURE__ */ lazy(() => ({
  budget: z.nullable(budget()),
  targetHourlyRate: z.nullable(z.number()),
  /** Hours (decimal, exact to the ms) or money (to the cent) used in this period; null without a budget. */
  budgetUsed: z.nullable(z.number()),
  /** Whole percent of the budget used (rounded down; may pass 100); null without a budget. */
  budgetPercent: z.nullable(z.number()),
  rateFloor: rateFloor(),
}));

export type BudgetAnswer = z.infer<Built<typeof budget>>;
export type RateFloor = z.infer<Built<typeof rateFloor>>;

const unsubscribeInvalid = schemaMessage('UNSUBSCRIBE_LINK_INVALID');

/** Body of POST /api/budgetalerts/unsubscribe: the token of the link in an alert email. */
export const unsubscribeBody = /* @__PURE__ */ lazy(() =>
  z.object(
    {
      token: z
        .string({ error: unsubscribeInvalid })
        .check(z.minLength(1, unsubscribeInvalid), z.maxLength(200, unsubscribeInvalid)),
    },
    { error: schemaMessage('BODY_NOT_OBJECT') },
  ),
);
export type UnsubscribeBody = z.infer<Built<typeof unsubscribeBody>>;
