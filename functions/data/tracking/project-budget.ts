import type { StoredBudget } from '../../../contract/budgets';

/** The budget fields of a project record or of its changes (`projects.ts`, which imports this). */
interface BudgetFields {
  budget?: StoredBudget | null;
  targetRateCents?: number | null;
}

/**
 * A project's budget and target as item attributes: `budgetKind` (`hours`|`money`), `budgetPeriod`,
 * `budgetAmount` (ms or cents) and `targetRateCents`. Absent ones are not written at all, so the
 * alert function's stream filter (`infra/constructs/alerts.ts`) sees only projects that have one.
 */
export function budgetAttributes(p: BudgetFields): Record<string, unknown> {
  return {
    ...(p.budget
      ? { budgetKind: p.budget.kind, budgetPeriod: p.budget.period, budgetAmount: p.budget.amount }
      : {}),
    ...(p.targetRateCents != null ? { targetRateCents: p.targetRateCents } : {}),
  };
}

export function budgetFromItem(item: Record<string, unknown>): StoredBudget | null {
  const { budgetKind: kind, budgetPeriod: period, budgetAmount: amount } = item;
  if ((kind !== 'hours' && kind !== 'money') || (period !== 'total' && period !== 'monthly')) return null;
  return typeof amount === 'number' ? { kind, period, amount } : null;
}

/** SET and REMOVE clauses of an edit; a null budget or target is removed, not stored as null. */
export function editClauses<C extends BudgetFields>(changes: C) {
  const { budget, targetRateCents, ...plain } = changes;
  const set: Record<string, unknown> = { ...plain };
  const remove: string[] = [];
  if (budget === null) remove.push('budgetKind', 'budgetPeriod', 'budgetAmount');
  else if (budget) Object.assign(set, budgetAttributes({ budget }));
  if (targetRateCents === null) remove.push('targetRateCents');
  else if (targetRateCents !== undefined) set.targetRateCents = targetRateCents;
  return { set, remove };
}

/**
 * The stream records the budget alerts need, as Lambda event filter patterns: a project written
 * (created or changed) that has a budget or a target rate — the attributes {@link budgetAttributes}
 * writes only when they are set. Every other item of the table never invokes the function.
 */
export const ALERT_STREAM_FILTERS: readonly Record<string, unknown>[] = [
  { budgetKind: { S: [{ exists: true }] } },
  { targetRateCents: { N: [{ exists: true }] } },
].map((has) => ({
  eventName: ['INSERT', 'MODIFY'],
  dynamodb: { NewImage: { type: { S: ['PROJECT'] }, ...has } },
}));
