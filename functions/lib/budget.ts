import { AsyncLocalStorage } from 'node:async_hooks';

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

/** The request being answered: when its function times out, and a signal that aborts then. */
interface RequestTime {
  deadline: number;
  signal: AbortSignal;
}

const requestTime = new AsyncLocalStorage<RequestTime>();

/**
 * Runs one request knowing its time: `remainingMs` is what the Lambda context had left when it
 * began (`getRemainingTimeInMillis`); none (tests, scripts) leaves the time unbounded. Work that
 * would outlive the request (a password hash, `domain/identity/hash-slots.ts`) asks
 * `requestRemainingMs()` first and listens to `requestSignal()`, so it stops when the request has
 * timed out instead of running on for nobody.
 */
export function withRequestTime<T>(remainingMs: number | undefined, run: () => T): T {
  if (remainingMs === undefined || !Number.isFinite(remainingMs)) return run();
  const store = { deadline: Date.now() + remainingMs, signal: AbortSignal.timeout(Math.max(0, remainingMs)) };
  return requestTime.run(store, run);
}

/** What is left of the current request's time; infinite outside a timed request. */
export function requestRemainingMs(): number {
  const store = requestTime.getStore();
  return store ? Math.max(0, store.deadline - Date.now()) : Number.POSITIVE_INFINITY;
}

/** Aborts when the current request's time is up; none outside a timed request. */
export function requestSignal(): AbortSignal | undefined {
  return requestTime.getStore()?.signal;
}
