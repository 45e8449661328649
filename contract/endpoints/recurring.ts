import * as z from 'zod/mini';
import { endpoint } from '../endpoint';
import { pathId } from '../fields';
import { lazy } from '../lazy';
import { recurringExpense, recurringExpenseCreateSchema, recurringExpenseUpdateSchema } from '../recurring';
import * as r from '../responses';
import { MONEY_ENTRY_CHANGE } from '../stale';
import { byId, create, list } from './shapes';

/** Recurring expenses (CONTRACT §9 "Recurring expenses"): the rules; the scheduled job books them. */

const rulePath = /* @__PURE__ */ lazy(() => z.object({ id: pathId('RECURRING_EXPENSE_NOT_FOUND') }));

export const listRecurringExpenses = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/recurringexpenses',
  summary: 'The recurring expenses, oldest first',
  auth: true,
  tokenScope: 'read',
  answers: { 200: /* @__PURE__ */ list(recurringExpense) },
});

export const createRecurringExpense = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/recurringexpenses',
  auth: true,
  tokenScope: 'write',
  .../* @__PURE__ */ create(
    'Add a recurring expense; its due dates up to today are booked at once',
    recurringExpenseCreateSchema,
    recurringExpense,
    [404, 409],
  ),
  // A rule may book its due expenses at once.
  invalidates: ['listRecurringExpenses', ...MONEY_ENTRY_CHANGE],
});

export const updateRecurringExpense = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/recurringexpenses/{id}',
  auth: true,
  tokenScope: 'write',
  params: rulePath,
  body: recurringExpenseUpdateSchema,
  .../* @__PURE__ */ byId(
    'Edit a recurring expense; its due dates up to today not booked yet are booked at once',
    recurringExpense,
  ),
  errors: [404, 409],
  // A rule may book its due expenses at once.
  invalidates: ['listRecurringExpenses', ...MONEY_ENTRY_CHANGE],
});

export const deleteRecurringExpense = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/recurringexpenses/{id}',
  auth: true,
  tokenScope: 'write',
  params: rulePath,
  .../* @__PURE__ */ byId('Delete a recurring expense (the expenses it booked stay)', r.deleted),
  invalidates: ['listRecurringExpenses'],
});
