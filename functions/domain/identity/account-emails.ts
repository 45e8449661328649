import type { Language } from '../../../contract/enums';
import type { User } from '../../../contract/responses';
import { transactWrite } from '../../data/core/transact';
import { requestEmailChangeItem } from '../../data/identity/email-change';
import { newToken, putTokenItem } from '../../data/identity/tokens';
import { getUserByEmail, getUserIdByEmail, type UserRecord } from '../../data/identity/users';
import { config } from '../../lib/config';
import { ForbiddenError, TooManyRequestsError, ValidationError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import {
  confirmationEmail,
  emailChangeConfirmationEmail,
  emailLanguage,
  passwordResetEmail,
} from '../shared/email';
import { sendAccountEmail } from '../shared/mail-cap';
import {
  assertNotDemo,
  assertPassword,
  CONFIRM_TOKEN_TTL_SECONDS,
  isDemoEmail,
  nowSeconds,
  RESET_TOKEN_TTL_SECONDS,
} from './accounts';
import { guardConfirmationRequest, guardResetRequest } from './rate-limit';
import { sendSecurityEmail } from './security-emails';
import { showUser } from './user-view';

/**
 * The account operations that send an email: the password reset request, a new confirmation link
 * and the change of address (signup, which also signs a token, is in `signup.ts`). `./email`
 * creates the SES client when it loads, so only the functions that import these modules carry it.
 */

export const RESET_REQUESTED = 'If that address belongs to an account, an email has been sent to it';

/**
 * Sends a password reset link to a registered address. The answer is the same for unknown
 * addresses, so it cannot be used to find out who has an account — neither by its words nor by
 * its timing: every answer waits until `config.forgotPasswordFloorMs` after the request began.
 * A known address costs a token write and an SES call that an unknown one does not; a Lambda in
 * buffered mode cannot send after answering, and doing that work for unknown addresses too would
 * still leave SES's own latency to tell them apart. So the floor sits above the known path's slow
 * tail, and a known path slower than the floor is logged (`forgot-password exceeded its floor`) so
 * an operator sees when it must be raised.
 */
export async function requestPasswordReset(email: string, language?: Language): Promise<{ msg: string }> {
  const startedAt = performance.now();
  try {
    return await sendResetLink(email, language);
  } finally {
    const elapsed = performance.now() - startedAt;
    const floor = config.forgotPasswordFloorMs;
    if (elapsed > floor)
      logger.warn('forgot-password exceeded its floor', { elapsedMs: Math.round(elapsed), floorMs: floor });
    else await new Promise((resolve) => setTimeout(resolve, floor - elapsed));
  }
}

async function sendResetLink(email: string, language?: Language): Promise<{ msg: string }> {
  if (isDemoEmail(email)) throw new ForbiddenError('DEMO_READ_ONLY_ACCOUNT_SETTINGS');
  await guardResetRequest(email);
  const user = await getUserByEmail(email);
  if (user && !user.isDemo) {
    const token = newToken(user._id);
    await transactWrite([
      putTokenItem(token, {
        kind: 'reset',
        userId: user._id,
        email: user.email.toLowerCase(),
        tokenVersion: user.tokenVersion,
        expiresAt: nowSeconds() + RESET_TOKEN_TTL_SECONDS,
      }),
    ]);
    await sendAccountEmail(
      user._id,
      passwordResetEmail(user.name, user.email, token, emailLanguage(user.language, language)),
    );
  }
  return { msg: RESET_REQUESTED };
}

/**
 * Asks to move the account to a new address after checking the password (audit fix 2): the new
 * address is only recorded as pending, with a confirmation link to it and an undo link to the old
 * one (one transaction); the old address keeps signing in and receiving mail until the link is
 * opened (`domain/identity/email-change.ts`). The answer shows the account at its new address, unconfirmed,
 * as the contract says, with `pendingEmail` naming it.
 */
export async function changeEmail(
  user: UserRecord,
  input: { email: string; password: string },
  sourceIp: string,
): Promise<User> {
  assertNotDemo(user);
  const email = input.email.trim();
  if (email.toLowerCase() === user.email.trim().toLowerCase()) {
    throw new ValidationError('EMAIL_UNCHANGED', { param: 'email' });
  }
  if (isDemoEmail(email)) throw new ValidationError('USER_EXISTS', { param: 'email' });
  await assertPassword(user, input.password, sourceIp, 'password');
  if (await getUserIdByEmail(email)) throw new ValidationError('USER_EXISTS', { param: 'email' });
  const confirm = newToken(user._id);
  const undo = newToken(user._id);
  const expiresAt = nowSeconds() + CONFIRM_TOKEN_TTL_SECONDS;
  const base = { userId: user._id, tokenVersion: user.tokenVersion, expiresAt };
  await transactWrite([
    requestEmailChangeItem(user, email),
    putTokenItem(confirm, { ...base, kind: 'confirm', email: email.toLowerCase() }),
    putTokenItem(undo, { ...base, kind: 'undo-email', email: user.email.toLowerCase(), address: user.email }),
  ]);
  const language = emailLanguage(user.language);
  const outcomes = await Promise.all([
    sendAccountEmail(user._id, emailChangeConfirmationEmail(user.name, email, confirm, language)),
    sendSecurityEmail(user, 'emailChanged', { newEmail: email, undoToken: undo }),
  ]);
  // The account as GET /api/auth now shows it — the old address in force, the new one pending —
  // with `emailConfirmed: false` as the contract words it: the change is not confirmed yet. A mail
  // held back by the hourly cap shows at once in the answer (the profile notes it too).
  const heldUntil = outcomes.map((outcome) => outcome.heldUntil).find(Boolean) ?? user.mailHeldUntil;
  return {
    ...showUser({ ...user, pendingEmail: email, ...(heldUntil ? { mailHeldUntil: heldUntil } : {}) }),
    emailConfirmed: false,
  };
}

export const CONFIRMATION_SENT = 'A new confirmation link has been sent to your email address';

/** Sends a new confirmation link to the account's address; limited like reset requests. */
export async function resendConfirmation(user: UserRecord): Promise<{ msg: string }> {
  assertNotDemo(user);
  // A pending change of address is what waits for confirmation; else the account's address.
  const address = user.pendingEmail ?? user.email;
  if (user.pendingEmail === undefined && user.emailConfirmed)
    throw new ValidationError('EMAIL_ALREADY_CONFIRMED');
  await guardConfirmationRequest(address);
  const token = newToken(user._id);
  await transactWrite([
    putTokenItem(token, {
      kind: 'confirm',
      userId: user._id,
      email: address.trim().toLowerCase(),
      tokenVersion: user.tokenVersion,
      expiresAt: nowSeconds() + CONFIRM_TOKEN_TTL_SECONDS,
    }),
  ]);
  const language = emailLanguage(user.language);
  const outcome = await sendAccountEmail(
    user._id,
    user.pendingEmail === undefined
      ? confirmationEmail(user.name, address, token, language)
      : emailChangeConfirmationEmail(user.name, address, token, language),
  );
  if (outcome.heldUntil) {
    const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(outcome.heldUntil) - Date.now()) / 1000));
    throw new TooManyRequestsError('TOO_MANY_EMAILS', { retryAfterSeconds });
  }
  return { msg: CONFIRMATION_SENT };
}
