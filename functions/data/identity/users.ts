import type { UserSettings } from '../../../contract/accounts';
import {
  type Currency,
  isLanguage,
  isOneOf,
  isWeekStart,
  type Language,
  type NumberFormat,
  VAT_BASES,
  type VatBasis,
  type WeekStart,
} from '../../../contract/enums';
import { DEFAULT_ROUNDING, isRounding, type Rounding } from '../../../contract/rounding';
import { ConditionalCheckFailedException, ddb, GetCommand, TABLE, UpdateCommand } from '../core/client';
import { emailKey, userKey } from '../core/keys';
import type { TxItem } from '../core/transact';

/**
 * Users. Keys:
 *   profile        PK=USER#<userId>           SK=PROFILE
 *   email lookup   PK=EMAIL#<lowercased email> SK=EMAIL     (uniqueness guard, holds userId)
 */
export { emailKey, userKey } from '../core/keys';

/**
 * The condition of every profile update: the account exists and is not being deleted. A deleted
 * account's profile stays as a tombstone (`deletedAt`, no name, email or password hash) until
 * everything else of it is gone; it is nobody's account any more.
 */
export const LIVE_USER_CONDITION = 'attribute_exists(PK) AND attribute_not_exists(deletedAt)';

/** A user as stored, including the secrets that never leave the data layer. */
export interface UserRecord {
  _id: string;
  name: string;
  email: string;
  hasSeenTutorial: boolean;
  currency: Currency;
  numberFormat: NumberFormat;
  /** The user set the number format; until then it follows the language chosen (issue 34, item 11). */
  numberFormatChosen?: boolean;
  /** The user's choice; `null` until the first one (the app then follows the browser). */
  language: Language | null;
  /** The day weeks start on in the user's screens; Monday unless chosen. */
  weekStart: WeekStart;
  /** How reports and invoices round each entry (never the stored entries); absent: no rounding. */
  rounding?: Rounding;
  /** When output VAT is owed in the tax report: `cash` (paid, Ist) unless chosen `accrual` (sent, Soll). */
  vatBasis?: VatBasis;
  /** Entries shorter than this are left out of invoice drafts; absent: 0 (all are billed). */
  minimumEntrySeconds?: number;
  premium: boolean;
  enableEmbedding: boolean;
  showPoweredBy: boolean;
  emailConfirmed: boolean;
  /** Budget and rate-floor alerts by email (§8); on unless turned off. */
  budgetAlerts: boolean;
  /** Two-factor sign-in is on; its secret and recovery codes are a separate item (`two-factor.ts`). */
  twoFactor: boolean;
  isDemo: boolean;
  createdAt: string;
  passwordHash: string;
  /** Raised on password reset or change, logout everywhere and deletion; tokens of an older version are refused. */
  tokenVersion: number;
  /** An address the user asked to move to, in force only once its link confirms it (`email-change.ts`). */
  pendingEmail?: string;
  /** Raised when every API token of the account is revoked; a token made under an older one is refused. */
  apiTokenVersion?: number;
  /** Until when (ISO) emails to this account are held back: one was refused by the hourly mail cap. */
  mailHeldUntil?: string;
}

/**
 * A user as the API shows it: never a hash, salt or token; `pendingEmail` null when none waits;
 * the rounding setting, the default when never chosen.
 */
export type PublicUser = Omit<
  UserRecord,
  | 'passwordHash'
  | 'tokenVersion'
  | 'pendingEmail'
  | 'rounding'
  | 'vatBasis'
  | 'minimumEntrySeconds'
  | 'mailHeldUntil'
  | 'apiTokenVersion'
> & {
  pendingEmail: string | null;
  rounding: Rounding;
  vatBasis: VatBasis;
  minimumEntrySeconds: number;
  mailHeldUntil: string | null;
};

export function toPublicUser(user: UserRecord): PublicUser {
  const {
    passwordHash: _hash,
    tokenVersion: _version,
    apiTokenVersion: _tokens,
    numberFormatChosen: _chosen,
    ...rest
  } = user;
  const held = user.mailHeldUntil && Date.parse(user.mailHeldUntil) > Date.now() ? user.mailHeldUntil : null;
  return {
    ...rest,
    pendingEmail: user.pendingEmail ?? null,
    rounding: roundingOf(user),
    vatBasis: user.vatBasis ?? 'cash',
    minimumEntrySeconds: user.minimumEntrySeconds ?? 0,
    mailHeldUntil: held,
  };
}

/** The user's rounding setting, the default when never chosen. */
export const roundingOf = (user: Pick<UserRecord, 'rounding'>): Rounding =>
  user.rounding ?? { ...DEFAULT_ROUNDING };

export function fromUserItem(item: Record<string, unknown>): UserRecord {
  return {
    _id: item.userId as string,
    name: item.name as string,
    email: item.email as string,
    hasSeenTutorial: Boolean(item.hasSeenTutorial),
    currency: (item.currency as Currency) ?? 'EUR',
    numberFormat: (item.numberFormat as NumberFormat) ?? 'en-US',
    ...(item.numberFormatChosen === true ? { numberFormatChosen: true } : {}),
    language: isLanguage(item.language) ? item.language : null,
    weekStart: isWeekStart(item.weekStart) ? item.weekStart : 'monday',
    ...(isRounding(item.rounding)
      ? { rounding: { mode: item.rounding.mode, minutes: item.rounding.minutes } }
      : {}),
    ...(isOneOf(VAT_BASES, item.vatBasis) ? { vatBasis: item.vatBasis } : {}),
    ...(typeof item.minimumEntrySeconds === 'number'
      ? { minimumEntrySeconds: item.minimumEntrySeconds }
      : {}),
    premium: Boolean(item.premium),
    enableEmbedding: Boolean(item.enableEmbedding),
    showPoweredBy: item.showPoweredBy !== false,
    emailConfirmed: Boolean(item.emailConfirmed),
    budgetAlerts: item.budgetAlerts !== false,
    twoFactor: Boolean(item.twoFactor),
    isDemo: Boolean(item.isDemo),
    createdAt: item.createdAt as string,
    passwordHash: item.passwordHash as string,
    tokenVersion: Number(item.tokenVersion ?? 0),
    ...(typeof item.pendingEmail === 'string' ? { pendingEmail: item.pendingEmail } : {}),
    ...(typeof item.mailHeldUntil === 'string' ? { mailHeldUntil: item.mailHeldUntil } : {}),
    ...(typeof item.apiTokenVersion === 'number' ? { apiTokenVersion: item.apiTokenVersion } : {}),
  };
}

/**
 * Access pattern: user by id (every signed-in request, the embeds). A deleted account is absent,
 * so its tokens are refused and its embeds are 404 from the moment of deletion.
 */
export async function getUserById(userId: string): Promise<UserRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: userKey(userId) }));
  return out.Item && out.Item.deletedAt === undefined ? fromUserItem(out.Item) : undefined;
}

/** The settings a user may change (the contract's body of POST /api/usersettings). */
export type { UserSettings };

/** The stored item of a user profile. */
export function toUserItem(user: UserRecord): Record<string, unknown> {
  const { _id, language, ...rest } = user;
  // No choice yet is no attribute, not a stored null.
  return {
    ...userKey(_id),
    userId: _id,
    ...rest,
    ...(language ? { language } : {}),
    email: user.email.trim(),
  };
}

/**
 * The transaction items that create a user: the profile and the email guard, each only if absent.
 * Item 1 (the guard) failing its condition means the email is taken, whatever the letter case.
 */
export function newUserItems(user: UserRecord): [TxItem, TxItem] {
  return [
    {
      Put: { TableName: TABLE, Item: toUserItem(user), ConditionExpression: 'attribute_not_exists(PK)' },
    },
    {
      Put: {
        TableName: TABLE,
        Item: { ...emailKey(user.email), userId: user._id },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    },
  ];
}

/** Access pattern: user id by email, case-insensitively (login, forgot password, demo). */
export async function getUserIdByEmail(email: string): Promise<string | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: emailKey(email) }));
  return out.Item ? (out.Item.userId as string) : undefined;
}

/** Access pattern: user by email (guard, then profile). */
export async function getUserByEmail(email: string): Promise<UserRecord | undefined> {
  const userId = await getUserIdByEmail(email);
  return userId ? getUserById(userId) : undefined;
}

/** Sets the given settings and answers the updated user; `undefined` when the user is gone. */
export async function updateUserSettings(
  userId: string,
  settings: UserSettings & Pick<UserRecord, 'numberFormatChosen'>,
): Promise<UserRecord | undefined> {
  const entries = Object.entries(settings).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return getUserById(userId);
  try {
    const out = await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: userKey(userId),
        UpdateExpression: `SET ${entries.map(([name]) => `#${name} = :${name}`).join(', ')}`,
        ConditionExpression: LIVE_USER_CONDITION,
        ExpressionAttributeNames: Object.fromEntries(entries.map(([name]) => [`#${name}`, name])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([name, value]) => [`:${name}`, value])),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? fromUserItem(out.Attributes) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}
