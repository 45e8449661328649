import type { Language } from '../../../contract/enums';
import type { UserRecord } from '../../data/identity/users';
import { config } from '../../lib/config';
import {
  type EmailMessage,
  emailLanguage,
  type LinkEmailKeys,
  linkEmail,
  message,
  tokenLink,
} from '../shared/email';
import { type MailOutcome, sendAccountEmail } from '../shared/mail-cap';

/**
 * Security emails (contract §8): the account's address is told when something about the account
 * changes that only its owner should change — the password (changed or reset), the email address
 * (the OLD address is told, with a link that undoes the change), two-factor sign-in turned on or
 * off, a new API token. Each says what happened and when, and what to do if it was not the owner,
 * in the user's language; it goes out through SES like every other email.
 *
 * Importing this module loads the SES client: a function that sends one needs `sendsEmail: true`
 * in its `functions/routes.ts` deployment (checked by `npm run test:bundles`).
 */

/** What a security email tells of. */
export type SecurityEmailKind =
  | 'passwordChanged'
  | 'passwordReset'
  | 'emailChanged'
  | 'twoFactorOn'
  | 'twoFactorOff'
  | 'apiTokenCreated'
  | 'twoFactorCodesRefused';

/** What each kind needs to say besides the user: nothing (`undefined`) or these details. */
export interface SecurityEmailDetails {
  passwordChanged: undefined;
  passwordReset: undefined;
  /** The address asked for, and the token of the `<APP_URL>/undoemailchange/<token>` link. */
  emailChanged: { newEmail: string; undoToken: string };
  twoFactorOn: undefined;
  twoFactorOff: undefined;
  /** The token's name as the user gave it, and its scope. */
  apiTokenCreated: { tokenName: string; scope: 'read' | 'write' };
  /** How many wrong codes filled the window, its length in minutes, and until when codes are refused. */
  twoFactorCodesRefused: { count: number; minutes: number; until: Date };
}

/** The recipient: the account as it is when the change is made (its current address). */
export type SecurityEmailUser = Pick<UserRecord, 'name' | 'email' | 'language'>;

type DetailArgs<K extends SecurityEmailKind> = SecurityEmailDetails[K] extends undefined
  ? [details?: undefined, at?: Date]
  : [details: SecurityEmailDetails[K], at?: Date];

/** The catalogue keys of each kind (spelled out, so the catalogue test finds every one in use). */
const KEYS: Record<SecurityEmailKind, LinkEmailKeys> = {
  passwordChanged: {
    subject: 'security.passwordChanged.subject',
    heading: 'security.passwordChanged.heading',
    body: ['security.passwordChanged.body', 'security.passwordChanged.warning'],
    button: 'security.passwordChanged.button',
  },
  passwordReset: {
    subject: 'security.passwordReset.subject',
    heading: 'security.passwordReset.heading',
    body: ['security.passwordReset.body', 'security.passwordReset.warning'],
    button: 'security.passwordReset.button',
  },
  emailChanged: {
    subject: 'security.emailChanged.subject',
    heading: 'security.emailChanged.heading',
    body: ['security.emailChanged.body', 'security.emailChanged.warning'],
    button: 'security.emailChanged.button',
  },
  twoFactorOn: {
    subject: 'security.twoFactorOn.subject',
    heading: 'security.twoFactorOn.heading',
    body: ['security.twoFactorOn.body', 'security.twoFactorOn.warning'],
    button: 'security.twoFactorOn.button',
  },
  twoFactorOff: {
    subject: 'security.twoFactorOff.subject',
    heading: 'security.twoFactorOff.heading',
    body: ['security.twoFactorOff.body', 'security.twoFactorOff.warning'],
    button: 'security.twoFactorOff.button',
  },
  apiTokenCreated: {
    subject: 'security.apiTokenCreated.subject',
    heading: 'security.apiTokenCreated.heading',
    body: ['security.apiTokenCreated.body', 'security.apiTokenCreated.warning'],
    button: 'security.apiTokenCreated.button',
  },
  twoFactorCodesRefused: {
    subject: 'security.twoFactorCodesRefused.subject',
    heading: 'security.twoFactorCodesRefused.heading',
    body: ['security.twoFactorCodesRefused.body', 'security.twoFactorCodesRefused.warning'],
    button: 'security.twoFactorCodesRefused.button',
  },
};

const SCOPE_KEYS = { read: 'security.scope.read', write: 'security.scope.write' } as const;

/** Where each email's button leads: what the owner does if the change was not theirs. */
const RESET = () => `${config.appUrl}/forgotpassword`;
const LINKS: { [K in SecurityEmailKind]: (details: SecurityEmailDetails[K]) => string } = {
  passwordChanged: RESET,
  passwordReset: RESET,
  emailChanged: (details) => tokenLink('undoemailchange', details.undoToken),
  twoFactorOn: RESET,
  twoFactorOff: RESET,
  apiTokenCreated: () => `${config.appUrl}/settings`,
  twoFactorCodesRefused: RESET,
};

/** The moment of the change as the owner reads it, e.g. "25 November 2026 at 19:30 UTC". */
function formatMoment(at: Date, language: Language): string {
  const locale = language === 'de' ? 'de-DE' : 'en-GB';
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
  return `${format.format(at)} UTC`;
}

/** The placeholders of a kind's messages. */
function placeholders(
  user: SecurityEmailUser,
  kind: SecurityEmailKind,
  details: SecurityEmailDetails[SecurityEmailKind],
  language: Language,
  at: Date,
): Record<string, string> {
  const values: Record<string, string> = { name: user.name, at: formatMoment(at, language) };
  if (kind === 'emailChanged' && details && 'newEmail' in details) {
    Object.assign(values, { old: user.email, new: details.newEmail });
  }
  if (kind === 'apiTokenCreated' && details && 'tokenName' in details) {
    Object.assign(values, {
      tokenName: details.tokenName,
      scope: message(language, SCOPE_KEYS[details.scope]),
    });
  }
  if (kind === 'twoFactorCodesRefused' && details && 'count' in details) {
    Object.assign(values, {
      count: String(details.count),
      minutes: String(details.minutes),
      until: formatMoment(details.until, language),
    });
  }
  return values;
}

/** The security email of `kind` for `user`, to the user's current address, in their language. */
export function securityEmail<K extends SecurityEmailKind>(
  user: SecurityEmailUser,
  kind: K,
  ...[details, at = new Date()]: DetailArgs<K>
): EmailMessage {
  const language = emailLanguage(user.language);
  return linkEmail(
    language,
    user.email,
    KEYS[kind],
    LINKS[kind](details as SecurityEmailDetails[K]),
    placeholders(user, kind, details, language, at),
  );
}

/**
 * Sends the security email of `kind` to the user's current address (for `emailChanged`: the old
 * one, since the new address is not in force yet). Like every email, it counts against the hourly
 * mail cap (`shared/mail-cap.ts`) and a failure is logged, not thrown; the change itself has already been made and stands.
 *
 * @example sendSecurityEmail(user, 'twoFactorOn')
 * @example sendSecurityEmail(user, 'apiTokenCreated', { tokenName: 'Zapier', scope: 'read' })
 */
export function sendSecurityEmail<K extends SecurityEmailKind>(
  user: SecurityEmailUser & Pick<UserRecord, '_id'>,
  kind: K,
  ...args: DetailArgs<K>
): Promise<MailOutcome> {
  return sendAccountEmail(user._id, securityEmail(user, kind, ...args));
}
