import { createHash, timingSafeEqual } from 'node:crypto';
import { type Slot, takeSlot, type Window } from '../data/rate-limits';
import { config } from '../lib/config';
import { TooManyRequestsError } from '../lib/errors';

/**
 * Abuse protection (CONTRACT §2, limits from `config.limits`): failed logins per email and per
 * source address, signups per source address and reset requests per email, each in a fixed window.
 * Past a limit the caller gets 429 until the window has passed.
 */
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The caller's address for the per-address limits. Behind CloudFront, API Gateway's `sourceIp` is
 * the edge server's, shared by everyone near it; CloudFront's own `CloudFront-Viewer-Address`
 * header (`<ip>:<port>`) names the viewer. That header is believed only on requests that carry
 * CloudFront's origin-verify header (`x-origin-verify`, a secret the stack gives both CloudFront and
 * the functions): a caller who goes straight to the API's execute-api URL can write any header, and
 * must not pick the address its attempts are counted against. Otherwise (local stack, direct calls)
 * the connection's address is the caller's.
 */
export function clientAddress(
  headers: Record<string, string | undefined>,
  sourceIp: string,
  originVerify: string | undefined = config.originVerify,
): string {
  const viewer = headers['cloudfront-viewer-address']?.trim();
  if (!viewer || !originVerify || !sameSecret(headers['x-origin-verify'], originVerify)) return sourceIp;
  const ip = viewer.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  return /^[0-9a-fA-F:.]{2,45}$/.test(ip) ? ip : sourceIp;
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

const subjectOf = (email: string) => email.trim().toLowerCase();

async function take(windows: Window[], message: string): Promise<Slot[]> {
  const now = nowSeconds();
  const slots = await Promise.all(windows.map((window) => takeSlot(window, now)));
  const taken = slots.filter((slot): slot is Slot => slot !== undefined);
  if (taken.length < windows.length) {
    await Promise.all(taken.map((slot) => slot.release()));
    throw new TooManyRequestsError(message);
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
        subject: sourceIp,
        limit: limits.failedLoginsPerIp,
        windowSeconds: limits.failedLoginWindowSeconds,
      },
    ],
    'Too many failed login attempts. Please try again later.',
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
        subject: sourceIp,
        limit: config.limits.signupsPerIp,
        windowSeconds: config.limits.signupWindowSeconds,
      },
    ],
    'Too many sign-ups from this address. Please try again later.',
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
    'Too many password reset requests for this address. Please try again later.',
  );
}
