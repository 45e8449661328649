import { performance } from 'node:perf_hooks';
import { requestRemainingMs, requestSignal } from '../../lib/budget';
import { config } from '../../lib/config';
import { ServiceBusyError } from '../../lib/errors';
import { Semaphore, SlotRefused } from '../../lib/semaphore';

/**
 * Every password hash of a process passes here (issue 35, item 2): scrypt at N=2^17 takes 128 MiB
 * and most of a core for about half a second, so 20 at once took every one past the function's
 * 10 s timeout (500 for all). Now at most `config.passwordHashing.slots` run at once, a few more
 * wait (first come, first served) for at most `waitMs`, and a hash is only started when the
 * request's time left covers it: otherwise the request is answered at once with 503
 * `SIGN_IN_BUSY` and `Retry-After`, rather than a 500 after 10 s. A request whose time ran out
 * while it waited leaves the queue (its signal aborts) and never hashes.
 */
const slots = new Semaphore(config.passwordHashing);

/** What the answer needs after the hash (a write or two, signing the token), kept free of hashing. */
export const ANSWER_MARGIN_MS = 1_500;

/** A first guess of one hash's time, before this process has timed one (a Lambda at 1 GB, or two local cores). */
const FIRST_ESTIMATE_MS = 1_000;
/** The estimate never goes past this: one slow hash must not refuse every later request. */
const MAX_ESTIMATE_MS = 6_000;
let estimateMs = FIRST_ESTIMATE_MS;

/** How long a hash takes now: a running average of the last ones timed in this process. */
export function hashEstimateMs(): number {
  return estimateMs;
}

// A slower hash counts at once (the machine got busy), a faster one only by degrees.
const recordHash = (ms: number) => {
  estimateMs = Math.min(MAX_ESTIMATE_MS, Math.round(Math.max(ms, estimateMs * 0.7 + ms * 0.3)));
};

/**
 * What a request must have left to start a hash and still answer. At most the largest estimate
 * and the margin (7.5 s), below the 10 s timeout: a fresh request can always start one, so a slow
 * spell can never refuse every sign-in for good.
 */
export const hashReserveMs = () => estimateMs + ANSWER_MARGIN_MS;

/** Seconds until the hashes running and waiting now should be done (at least 1). */
function retryAfterSeconds(): number {
  const ahead = slots.running + slots.waiting;
  return Math.min(30, Math.max(1, Math.ceil(((ahead / slots.slots) * estimateMs) / 1000)));
}

const busy = () => new ServiceBusyError('SIGN_IN_BUSY', retryAfterSeconds());

/**
 * Sign-ins (logins, signups, password checks and resets) a process takes on at once: as many as
 * may hash or wait to. One more is answered 503 at once, before it reads or writes anything — the
 * failed-login counters and the user look-up of 60 parallel logins alone took DynamoDB Local past
 * the 10 s timeout on a loaded machine. A Lambda instance answers one request at a time, so there
 * only the local server and a test's process ever refuse here.
 */
const turns = new Semaphore({ slots: slots.slots + slots.queue, queue: 0 });

/** Runs a whole sign-in operation if this process has room for one, else 503 `SIGN_IN_BUSY`. */
export async function withSignInTurn<T>(operation: () => Promise<T>): Promise<T> {
  let release: () => void;
  try {
    release = await turns.acquire(0, requestSignal());
  } catch (error) {
    if (error instanceof SlotRefused) throw busy();
    throw error;
  }
  try {
    return await operation();
  } finally {
    release();
  }
}

/**
 * Runs one password hash in a slot, or refuses the request with 503 `SIGN_IN_BUSY` (see the
 * module comment). The slot is given back however the hash ends.
 */
export async function withHashSlot<T>(hash: () => Promise<T>): Promise<T> {
  const room = requestRemainingMs() - hashReserveMs();
  if (room < 0) throw busy();
  let release: () => void;
  try {
    release = await slots.acquire(Math.min(config.passwordHashing.waitMs, room), requestSignal());
  } catch (error) {
    if (error instanceof SlotRefused) throw busy();
    throw error;
  }
  try {
    // The wait may have used the time the hash needs (and hashes may have got slower meanwhile).
    if (requestRemainingMs() < hashReserveMs()) throw busy();
    const started = performance.now();
    const result = await hash();
    recordHash(performance.now() - started);
    return result;
  } finally {
    release();
  }
}
