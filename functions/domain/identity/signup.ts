import { ulid } from 'ulid';
import type { Language } from '../../../contract/enums';
import { TransactionFailed, transactWrite } from '../../data/core/transact';
import { newToken, putTokenItem } from '../../data/identity/tokens';
import { getUserIdByEmail, newUserItems, type UserRecord } from '../../data/identity/users';
import { ValidationError } from '../../lib/errors';
import { confirmationEmail, emailLanguage } from '../shared/email';
import { sendAccountEmail } from '../shared/mail-cap';
import { CONFIRM_TOKEN_TTL_SECONDS, isDemoEmail, nowSeconds } from './accounts';
import { withSignInTurn } from './hash-slots';
import { assertStrongPassword } from './password-strength';
import { hashPassword } from './passwords';
import { guardSignup } from './rate-limit';
import { sessionToken } from './sign-in';

/**
 * Signup, the one account operation that both sends an email and signs a session token: apart
 * from `account-emails.ts` and `sign-in.ts` so that neither of those pulls in the other's SDK
 * client.
 */

export interface Registration {
  name: string;
  email: string;
  password: string;
  /** The language the app was showing at signup: the confirmation email's. */
  language?: Language | undefined;
}

/**
 * Creates an account and answers a session token. The email's uniqueness (in any letter case) is
 * enforced by the guard item's condition inside the creating transaction, not by a prior read, so
 * two simultaneous signups for one address cannot both succeed. Sends the confirmation email.
 */
export function registerUser(
  input: Registration,
  sourceIp: string,
): Promise<{ token: string; userId: string }> {
  return withSignInTurn(() => register(input, sourceIp));
}

async function register(input: Registration, sourceIp: string): Promise<{ token: string; userId: string }> {
  await assertStrongPassword(input.password, input, 'password');
  // Counted before the address is looked up: a refusal for an existing address costs a signup
  // attempt like any other, so nobody can test addresses faster than they could sign up.
  await guardSignup(sourceIp);
  const email = input.email.trim();
  // Hashed before the look-up, so an existing address is not answered faster than a new one.
  const passwordHash = await hashPassword(input.password);
  // The demo address is reserved: whoever registered it would own the shared demo account.
  if (isDemoEmail(email) || (await getUserIdByEmail(email))) {
    throw new ValidationError('USER_EXISTS', { param: 'email' });
  }
  const user: UserRecord = {
    _id: ulid(), // sortable and opaque, like every other id
    name: input.name.trim(),
    email,
    hasSeenTutorial: false,
    currency: 'EUR',
    numberFormat: 'en-US',
    // Not a choice yet: the app keeps following the browser until the user picks one.
    language: null,
    weekStart: 'monday',
    premium: false,
    enableEmbedding: false,
    showPoweredBy: true,
    budgetAlerts: true,
    emailConfirmed: false,
    twoFactor: false,
    isDemo: false,
    createdAt: new Date().toISOString(),
    passwordHash,
    tokenVersion: 0,
  };
  const token = newToken(user._id);
  try {
    await transactWrite([
      ...newUserItems(user),
      putTokenItem(token, {
        kind: 'confirm',
        userId: user._id,
        email: email.toLowerCase(),
        tokenVersion: 0,
        expiresAt: nowSeconds() + CONFIRM_TOKEN_TTL_SECONDS,
      }),
    ]);
  } catch (error) {
    if (error instanceof TransactionFailed && error.conditionFailed(1)) {
      throw new ValidationError('USER_EXISTS', { param: 'email' });
    }
    throw error;
  }
  await sendAccountEmail(
    user._id,
    confirmationEmail(user.name, email, token, emailLanguage(user.language, input.language)),
  );
  return { token: await sessionToken(user), userId: user._id };
}
