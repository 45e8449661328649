import type { Language } from '../../contract/enums';
import type { User } from '../../contract/responses';
import { newToken, putTokenItem } from '../data/tokens';
import { TransactionFailed, transactWrite } from '../data/transact';
import { changeEmailItems, getUserByEmail, type UserRecord } from '../data/users';
import { config } from '../lib/config';
import { ForbiddenError, ValidationError } from '../lib/errors';
import { logger } from '../lib/logger';
import {
  assertNotDemo,
  assertPassword,
  CONFIRM_TOKEN_TTL_SECONDS,
  isDemoEmail,
  nowSeconds,
  RESET_TOKEN_TTL_SECONDS,
} from './accounts';
import {
  confirmationEmail,
  emailChangeConfirmationEmail,
  emailChangedNotice,
  emailLanguage,
  passwordResetEmail,
  sendEmail,
} from './email';
import { guardConfirmationRequest, guardResetRequest } from './rate-limit';
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
    await sendEmail(passwordResetEmail(user.name, user.email, token, emailLanguage(user.language, language)));
  }
  return { msg: RESET_REQUESTED };
}

/**
 * Moves the account to a new address after checking the password: the profile, both email guards
 * and a confirmation link for the new address change in one transaction, so the address is never
 * held by two accounts nor lost. The new address is unconfirmed until its link is opened; the old
 * one is told of the change.
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
  const token = newToken(user._id);
  try {
    await transactWrite([
      ...changeEmailItems(user, email),
      putTokenItem(token, {
        kind: 'confirm',
        userId: user._id,
        email: email.toLowerCase(),
        tokenVersion: user.tokenVersion,
        expiresAt: nowSeconds() + CONFIRM_TOKEN_TTL_SECONDS,
      }),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.conditionFailed(2)) {
      throw new ValidationError('USER_EXISTS', { param: 'email' });
    }
    throw error;
  }
  await Promise.all([
    sendEmail(emailChangeConfirmationEmail(user.name, email, token, emailLanguage(user.language))),
    sendEmail(emailChangedNotice(user.name, user.email, email, emailLanguage(user.language))),
  ]);
  return showUser({ ...user, email, emailConfirmed: false });
}

export const CONFIRMATION_SENT = 'A new confirmation link has been sent to your email address';

/** Sends a new confirmation link to the account's address; limited like reset requests. */
export async function resendConfirmation(user: UserRecord): Promise<{ msg: string }> {
  assertNotDemo(user);
  if (user.emailConfirmed) throw new ValidationError('EMAIL_ALREADY_CONFIRMED');
  await guardConfirmationRequest(user.email);
  const token = newToken(user._id);
  await transactWrite([
    putTokenItem(token, {
      kind: 'confirm',
      userId: user._id,
      email: user.email.trim().toLowerCase(),
      tokenVersion: user.tokenVersion,
      expiresAt: nowSeconds() + CONFIRM_TOKEN_TTL_SECONDS,
    }),
  ]);
  await sendEmail(confirmationEmail(user.name, user.email, token));
  return { msg: CONFIRMATION_SENT };
}
