/**
 * A time budget for work that may be larger than one Lambda invocation (deleting a project with
 * 100,000 entries, an account): the work checks `expired()` before each bounded step, stops when the
 * budget is spent and leaves the rest to a later call, which resumes from what is still stored.
 */
export interface Budget {
  /** Epoch ms after which no new step starts. */
  readonly deadline: number;
  expired(): boolean;
}

/** A budget of `ms` from now. */
export function budgetOf(ms: number): Budget {
  const deadline = Date.now() + ms;
  return { deadline, expired: () => Date.now() >= deadline };
}

/**
 * What a request handler may spend on clean-up: well below the API functions' 10 s timeout
 * (`infra/constructs/api-function.ts`), leaving room for authentication, the step in flight when the
 * budget runs out (one page of at most 200 keys), and the answer.
 */
export const REQUEST_BUDGET_MS = 5_000;

/** What the scheduled sweep may spend: well below its 5-minute timeout (`infra/stack.ts`). */
export const SWEEP_BUDGET_MS = 4 * 60_000;
