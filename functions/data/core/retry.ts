/**
 * The data layer's one retry rule, for everything DynamoDB answers with "not now": keys or items
 * a batch left unprocessed, a transaction cancelled by a concurrent one, a conditional write that
 * lost a race. Each wait is exponential backoff with full jitter — a random time between 0 and
 * `min(capMs, baseMs × 2^attempt)` — so that writers who collided do not collide again in step.
 * The attempts are bounded, and running out of them is an error the caller names: never a silent
 * give-up that answers as if the work were done.
 */
export interface RetryPolicy {
  /** How many times the step runs at most (the first try included). */
  attempts: number;
  baseMs: number;
  capMs: number;
}

/** A step's answer when it should run again after a wait. */
export const AGAIN: unique symbol = Symbol('again');

/** Unprocessed batch keys or items (throttling): a few quick tries, then an error. */
export const BATCH_RETRY: RetryPolicy = { attempts: 10, baseMs: 20, capMs: 2000 };
/** A read of a session on every request: short, it keeps the request waiting. */
export const SESSION_RETRY: RetryPolicy = { attempts: 5, baseMs: 20, capMs: 400 };
/** A transaction cancelled by a concurrent one (e.g. 50 entries saved at once on one project). */
export const TRANSACTION_RETRY: RetryPolicy = { attempts: 12, baseMs: 15, capMs: 800 };
/**
 * A versioned edit that found the record changed since it was read: read it again and redo. Losing
 * a round means another write to the same entry won it, so every round makes progress; the bound
 * only guards against a runaway loop.
 */
export const VERSION_RETRY: RetryPolicy = { attempts: 40, baseMs: 10, capMs: 160 };

/** The wait before try `attempt + 1`, after `attempt` failed tries: full jitter. */
export function backoffMs(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  return random() * Math.min(policy.capMs, policy.baseMs * 2 ** attempt);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `step` until it answers something other than {@link AGAIN}, waiting a jittered backoff
 * between tries; after `policy.attempts` tries it throws `giveUp()`. `step` gets the try's number
 * (1-based). Errors `step` throws are passed through at once.
 */
export async function retrying<T>(
  policy: RetryPolicy,
  step: (attempt: number) => Promise<T | typeof AGAIN>,
  giveUp: () => Error,
): Promise<T> {
  for (let attempt = 1; attempt <= policy.attempts; attempt++) {
    if (attempt > 1) await sleep(backoffMs(attempt - 1, policy));
    const result = await step(attempt);
    if (result !== AGAIN) return result;
  }
  throw giveUp();
}
