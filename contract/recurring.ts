import * as z from 'zod/mini';
import { categoryField } from './activities';
import { isDay, MAX_DAY, MIN_DAY } from './days';
import { EXPENSE_CATEGORIES, RECURRENCE_INTERVALS } from './enums';
import { schemaMessage } from './error-codes';
import { CLIENT_ID, entityIdField, requiredTextField } from './fields';
import { type Built, lazy } from './lazy';
import { MAX_AMOUNT, MAX_NAME_LENGTH } from './limits';
import { amountToCents } from './money';

/**
 * Recurring expenses (CONTRACT §9 "Recurring expenses"): a rule books one expense on each due
 * date — every month, quarter or year on the start date's day (the month's last day where the
 * month is shorter), up to an optional end date. Amounts are exact to the cent (parsed into cents
 * here), dates are calendar days `yyyy-mm-dd`.
 */

/** A non-negative amount with at most 2 decimals → cents; else `message` (a 400 naming the field). */
const centsField = (message: string) =>
  z.pipe(
    z.number({ error: message }),
    z.transform((value: number, ctx) => {
      const cents = amountToCents(value);
      if (cents === undefined) {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return cents;
    }),
  );

const day = (field: 'startDate' | 'endDate') =>
  z
    .string({ error: schemaMessage('DAY_REQUIRED', { field }) })
    .check(
      z.refine((d) => isDay(d) && d >= MIN_DAY && d <= MAX_DAY, schemaMessage('INVALID_DAY', { field })),
    );

const ruleFields = /* @__PURE__ */ lazy(() => ({
  projectId: entityIdField('project', 'PROJECT_NOT_FOUND'),
  activity: requiredTextField('task', MAX_NAME_LENGTH),
  amount: centsField(schemaMessage('INVALID_AMOUNT', { max: MAX_AMOUNT })),
  vatAmount: z.optional(centsField(schemaMessage('INVALID_VAT_AMOUNT', { max: MAX_AMOUNT }))),
  // null (no category given) is `other`, as for an expense.
  category: z.optional(z.nullable(categoryField())),
  interval: z.enum(RECURRENCE_INTERVALS, {
    error: schemaMessage('NOT_ONE_OF', { field: 'interval', options: RECURRENCE_INTERVALS.join(', ') }),
  }),
  startDate: day('startDate'),
  endDate: z.optional(z.nullable(day('endDate'))),
}));

/**
 * Body of POST /api/recurringexpenses: `amount` and `vatAmount` arrive here as cents. `_id` (a
 * ULID) makes a retried create store one rule.
 */
export const recurringExpenseCreateSchema = /* @__PURE__ */ lazy(() =>
  z.object({ _id: z.optional(CLIENT_ID()), ...ruleFields() }, { error: schemaMessage('BODY_NOT_OBJECT') }),
);

/** Body of PUT /api/recurringexpenses/{id}: any field; `endDate: null` removes the end. */
export const recurringExpenseUpdateSchema = /* @__PURE__ */ lazy(() =>
  z.partial(z.object(ruleFields(), { error: schemaMessage('BODY_NOT_OBJECT') })),
);

export type RecurringExpenseCreate = z.infer<Built<typeof recurringExpenseCreateSchema>>;
export type RecurringExpenseUpdate = z.infer<Built<typeof recurringExpenseUpdateSchema>>;
export type RecurringExpenseCreateBody = z.input<Built<typeof recurringExpenseCreateSchema>>;
export type RecurringExpenseUpdateBody = z.input<Built<typeof recurringExpenseUpdateSchema>>;

/**
 * A rule as the API answers it: amounts as decimals exact to the cent, dates `yyyy-mm-dd`;
 * `nextDue` is the next date it books (null once it has ended).
 */
export const recurringExpense = /* @__PURE__ */ lazy(() =>
  z.object({
    _id: z.string(),
    projectId: z.string(),
    activity: z.string(),
    amount: z.number(),
    vatAmount: z.number(),
    category: z.enum(EXPENSE_CATEGORIES),
    interval: z.enum(RECURRENCE_INTERVALS),
    startDate: z.string(),
    endDate: z.nullable(z.string()),
    nextDue: z.nullable(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type RecurringExpense = z.infer<Built<typeof recurringExpense>>;
