import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, TABLE } from './client';

/**
 * Users. Keys:
 *   profile        PK=USER#<userId>           SK=PROFILE
 *   email lookup   PK=EMAIL#<lowercased email> SK=EMAIL     (uniqueness guard, holds userId)
 */
export const userKey = (userId: string) => ({ PK: `USER#${userId}`, SK: 'PROFILE' });
export const emailKey = (email: string) => ({ PK: `EMAIL#${email.trim().toLowerCase()}`, SK: 'EMAIL' });

export const CURRENCIES = ['AUD', 'CHF', 'EUR', 'GBP', 'INR', 'USD', 'ZAR'] as const;
export const NUMBER_FORMATS = ['en-US', 'de-DE', 'en-ZA', 'en-GB'] as const;
export type Currency = (typeof CURRENCIES)[number];
export type NumberFormat = (typeof NUMBER_FORMATS)[number];

/** A user as stored, including the secrets that never leave the data layer. */
export interface UserRecord {
  _id: string;
  name: string;
  email: string;
  hasSeenTutorial: boolean;
  currency: Currency;
  numberFormat: NumberFormat;
  premium: boolean;
  enableEmbedding: boolean;
  showPoweredBy: boolean;
  emailConfirmed: boolean;
  isDemo: boolean;
  createdAt: string;
  passwordHash: string;
  /** Raised on password reset and deletion; tokens carrying an older version are refused. */
  tokenVersion: number;
}

/** A user as the API shows it: never a hash, salt or token. */
export type PublicUser = Omit<UserRecord, 'passwordHash' | 'tokenVersion'>;

export function toPublicUser(user: UserRecord): PublicUser {
  const { passwordHash: _hash, tokenVersion: _version, ...rest } = user;
  return rest;
}

export function fromUserItem(item: Record<string, unknown>): UserRecord {
  return {
    _id: item.userId as string,
    name: item.name as string,
    email: item.email as string,
    hasSeenTutorial: Boolean(item.hasSeenTutorial),
    currency: (item.currency as Currency) ?? 'EUR',
    numberFormat: (item.numberFormat as NumberFormat) ?? 'en-US',
    premium: Boolean(item.premium),
    enableEmbedding: Boolean(item.enableEmbedding),
    showPoweredBy: item.showPoweredBy !== false,
    emailConfirmed: Boolean(item.emailConfirmed),
    isDemo: Boolean(item.isDemo),
    createdAt: item.createdAt as string,
    passwordHash: item.passwordHash as string,
    tokenVersion: Number(item.tokenVersion ?? 0),
  };
}

/** Access pattern: user by id (every signed-in request). */
export async function getUserById(userId: string): Promise<UserRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: userKey(userId) }));
  return out.Item ? fromUserItem(out.Item) : undefined;
}
