import { type Slot, takeSlot, type Window } from '../../data/identity/rate-limits';
import { addressBudgetSubject } from '../../lib/address';
import { requestRemainingMs } from '../../lib/budget';
import { config } from '../../lib/config';
import { type ApiErrorCode, ServiceBusyError, TooManyRequestsError } from '../../lib/errors';
import { hashReserveMs } from './hash-slots';

/**
 * Abuse protection (limits from `config.limits`): failed logins per email and source address
 * (with a growing delay per email from any address) and per source address, signups per source address (IPv6 addresses counted by their /64) and reset requests per email, each in a fixed window.
 * Past a limit the caller gets 429 until the window has passed (`Retry-After` says when).
 */
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Where the caller's address comes from (CloudFront's viewer address when vouched for). */
export { clientAddress } from '../../lib/address';

const subjectOf = (email: string) => email.trim().toLowerCase();

async function take(windows: Window[], code: ApiErrorCode): Promise<Slot[]> {
  const now = nowSeconds();
  const slots = await Promise.all(windows.map((window) => takeSlot(window, now)));
  const taken = slots.filter((slot): slot is Slot => slot !== undefined);
  if (taken.length < windows.length) {
    await Promise.all(taken.map((slot) => slot.release()));
    // `Retry-After`: when the last of the full windows ends.
    const full = windows.filter((_, i) => slots[i] === undefined);
    const retryAfterSeconds = Math.max(1, ...full.map((w) => w.windowSeconds - (now % w.windowSeconds)));
    throw new TooManyRequestsError(code, { retryAfterSeconds });
  }
  return taken;
}

/** The failed-login slots a password check holds until it knows how the check ended. */
export interface LoginGuard {
  succeeded(): Promise<void>;
  unchecked(): Promise<void>;
}

/**
 * Checks a password under a login guard: when the check could not run (503 `SIGN_IN_BUSY`, the
 * process was hashing all it can), the attempt gives its slots back, as it was no failed guess.
 */
export async function checkedUnder<T>(guard: LoginGuard, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof ServiceBusyError) await guard.unchecked();
    throw error;
  }
}

/** The longest a login waits for the failures others made on its email (see `guardLogin`). */
export const MAX_LOGIN_DELAY_MS = 4_000;
const FIRST_LOGIN_DELAY_MS = 250;

/**
 * How long a login attempt waits when `failures` attempts on its email already failed in the
 * window: nothing up to the per-email limit, then 250 ms doubling with each further failure, at
 * most `MAX_LOGIN_DELAY_MS`. Slows a guesser spread over many addresses without locking the owner out.
 */
export function loginDelayMs(failures: number, limit: number): number {
  if (failures < limit) return 0;
  return Math.min(MAX_LOGIN_DELAY_MS, FIRST_LOGIN_DELAY_MS * 2 ** Math.min(failures - limit, 16));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reserves failed-login slots before the password is checked, so parallel guesses cannot
 * overshoot a limit: one for the email from this address (429 past `failedLoginsPerEmail`), one
 * for the address (429 past `failedLoginsPerIp`). Failures on the email from every address are
 * counted too, but never lock: past the same limit each attempt waits a growing delay, so wrong
 * guesses from elsewhere cannot lock the owner out (audit fix 5). Call `succeeded()` after a
 * correct password: a successful login is not a failure and gives its slots back; so does
 * `unchecked()`, when the password was never checked (503 `SIGN_IN_BUSY`: too many hashes at once).
 */
export async function guardLogin(email: string, sourceIp: string): Promise<LoginGuard> {
  const { limits } = config;
  const address = addressBudgetSubject(sourceIp);
  const windowSeconds = limits.failedLoginWindowSeconds;
  const slots = await take(
    [
      {
        kind: 'login-email-ip',
        subject: `${subjectOf(email)}|${address}`,
        limit: limits.failedLoginsPerEmail,
        windowSeconds,
      },
      { kind: 'login-ip', subject: address, limit: limits.failedLoginsPerIp, windowSeconds },
      { kind: 'login-email', subject: subjectOf(email), limit: Number.MAX_SAFE_INTEGER, windowSeconds },
    ],
    'TOO_MANY_LOGINS',
  );
  const emailFailures = (slots[2]?.count ?? 1) - 1;
  // The delay holds no hash slot, and is cut short so that the hash and the answer still fit in
  // the request's time: a login never runs into the function's timeout (issue 35, item 2).
  const delay = Math.min(
    loginDelayMs(emailFailures, limits.failedLoginsPerEmail),
    requestRemainingMs() - hashReserveMs(),
  );
  if (delay > 0) await sleep(delay);
  const release = async () => {
    await Promise.all(slots.map((slot) => slot.release()));
  };
  return { succeeded: release, unchecked: release };
}

/**
 * Reserves a failed voucher try for the account and for the caller's address, with the failed
 * logins' limits and window (a code is a secret to guess like a password); `succeeded()` gives
 * them back. 429 `TOO_MANY_VOUCHER_TRIES` past either.
 */
export async function guardVoucherClaim(
  userId: string,
  sourceIp: string,
): Promise<{ succeeded(): Promise<void> }> {
  const { limits } = config;
  const windowSeconds = limits.failedLoginWindowSeconds;
  const slots = await take(
    [
      { kind: 'voucher-user', subject: userId, limit: limits.failedLoginsPerEmail, windowSeconds },
      {
        kind: 'voucher-ip',
        subject: addressBudgetSubject(sourceIp),
        limit: limits.failedLoginsPerIp,
        windowSeconds,
      },
    ],
    'TOO_MANY_VOUCHER_TRIES',
  );
  return {
    succeeded: async () => {
      await Promise.all(slots.map((slot) => slot.release()));
    },
  };
}

/** Counts a signup attempt from an address; 429 past the limit. */
export async function guardSignup(sourceIp: string): Promise<void> {
  await take(
    [
      {
        kind: 'signup-ip',
        subject: addressBudgetSubject(sourceIp),
        limit: config.limits.signupsPerIp,
        windowSeconds: config.limits.signupWindowSeconds,
      },
    ],
    'TOO_MANY_SIGNUPS',
  );
}

/** Counts a password-reset request for an email (known or not, so it tells nothing); 429 past the limit. */
export async function guardResetRequest(email: string): Promise<void> {
  await take(
    [
      {
        kind: 'reset-email',
        subject: subjectOf(email),
        limit: config.limits.resetRequestsPerEmail,
        windowSeconds: config.limits.resetWindowSeconds,
      },
    ],
    'TOO_MANY_RESET_REQUESTS',
  );
}

/** Counts a request for a new confirmation link for an email, with the reset requests' limits; 429 past them. */
export async function guardConfirmationRequest(email: string): Promise<void> {
  await take(
    [
      {
        kind: 'confirm-email',
        subject: subjectOf(email),
        limit: config.limits.resetRequestsPerEmail,
        windowSeconds: config.limits.resetWindowSeconds,
      },
    ],
    'TOO_MANY_CONFIRMATION_REQUESTS',
  );
}
