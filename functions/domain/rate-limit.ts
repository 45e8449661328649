import { type Slot, takeSlot, type Window } from '../data/rate-limits';
import { addressBudgetSubject } from '../lib/address';
import { config } from '../lib/config';
import { type ApiErrorCode, TooManyRequestsError } from '../lib/errors';

/**
 * Abuse protection (limits from `config.limits`): failed logins per email and per
 * source address, signups per source address (IPv6 addresses counted by their /64) and reset requests per email, each in a fixed window.
 * Past a limit the caller gets 429 until the window has passed.
 */
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Where the caller's address comes from (CloudFront's viewer address when vouched for). */
export { clientAddress } from '../lib/address';

const subjectOf = (email: string) => email.trim().toLowerCase();

async function take(windows: Window[], code: ApiErrorCode): Promise<Slot[]> {
  const now = nowSeconds();
  const slots = await Promise.all(windows.map((window) => takeSlot(window, now)));
  const taken = slots.filter((slot): slot is Slot => slot !== undefined);
  if (taken.length < windows.length) {
    await Promise.all(taken.map((slot) => slot.release()));
    throw new TooManyRequestsError(code);
  }
  return taken;
}

/**
 * Reserves a failed-login slot for the email and for the address before the password is checked,
 * so parallel guesses cannot overshoot the limit. Call `succeeded()` after a correct password: a
 * successful login is not a failure and gives its slots back.
 */
export async function guardLogin(email: string, sourceIp: string): Promise<{ succeeded(): Promise<void> }> {
  const { limits } = config;
  const slots = await take(
    [
      {
        kind: 'login-email',
        subject: subjectOf(email),
        limit: limits.failedLoginsPerEmail,
        windowSeconds: limits.failedLoginWindowSeconds,
      },
      {
        kind: 'login-ip',
        subject: addressBudgetSubject(sourceIp),
        limit: limits.failedLoginsPerIp,
        windowSeconds: limits.failedLoginWindowSeconds,
      },
    ],
    'TOO_MANY_LOGINS',
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
