import { createHash, randomBytes } from 'node:crypto';
import { ddb, GetCommand, TABLE } from '../core/client';
import { emailTokenKey } from '../core/keys';
import type { TxItem } from '../core/transact';

/**
 * One-time tokens sent by email (email confirmation, password reset). Keys:
 *   PK=USER#<userId>  SK=TOKEN#<sha256(token) hex>
 * The token a person receives is `<userId>.<secret>`: 192 random bits, of which only a SHA-256
 * hash is stored, so a leaked table does not hold usable links. It lives in the user's partition,
 * so deleting the account deletes it too; `expiresAt` lets DynamoDB's TTL remove it, and every read
 * checks it as well because TTL deletion lags.
 */
/** `unsubscribe`: the link in a budget alert that turns alerts off without signing in (not spent by use). */
export type TokenKind = 'confirm' | 'reset' | 'undo-email' | 'unsubscribe';

export interface TokenRecord {
  kind: TokenKind;
  userId: string;
  /** Lower-cased email the token was issued for. */
  email: string;
  /** The address as the user wrote it (an undo link's: the address to go back to). */
  address?: string;
  /** The user's `tokenVersion` when the token was issued: a password reset makes older reset links void. */
  tokenVersion: number;
  /** Epoch seconds. */
  expiresAt: number;
  usedAt?: string;
}

const TOKEN_FORMAT = /^([0-9A-Za-z_-]{1,64})\.([0-9A-Za-z_-]{32,64})$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The user id a token names, or `undefined` when the string is not a token at all. */
export function tokenUserId(token: string): string | undefined {
  return TOKEN_FORMAT.exec(token)?.[1];
}

/** The key of a token's item: only the hash of the token is stored. */
export const tokenKey = (userId: string, token: string) => emailTokenKey(userId, hashOf(token));

/** A fresh token string for a user (not stored yet). */
export function newToken(userId: string): string {
  return `${userId}.${randomBytes(24).toString('base64url')}`;
}

/** The transaction item that stores a new token. */
export function putTokenItem(token: string, record: TokenRecord): TxItem {
  return {
    Put: {
      TableName: TABLE,
      Item: { ...tokenKey(record.userId, token), ...record, createdAt: new Date().toISOString() },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
}

/** Access pattern: the token behind a link (undefined for a malformed or unknown token). */
export async function getToken(token: string): Promise<TokenRecord | undefined> {
  const userId = tokenUserId(token);
  if (!userId) return undefined;
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: tokenKey(userId, token) }));
  if (!out.Item) return undefined;
  const item = out.Item;
  return {
    kind: item.kind as TokenKind,
    userId: item.userId as string,
    email: item.email as string,
    tokenVersion: Number(item.tokenVersion ?? 0),
    expiresAt: Number(item.expiresAt),
    ...(typeof item.address === 'string' ? { address: item.address } : {}),
    ...(item.usedAt ? { usedAt: item.usedAt as string } : {}),
  };
}

/**
 * The transaction item that spends a token: it succeeds once, only while the token exists, is of
 * the expected kind and has not expired — so two clicks racing on one link cannot both succeed.
 */
export function spendTokenItem(token: string, kind: TokenKind, nowSeconds: number): TxItem {
  const userId = tokenUserId(token) ?? '';
  return {
    Update: {
      TableName: TABLE,
      Key: tokenKey(userId, token),
      UpdateExpression: 'SET usedAt = :usedAt',
      ConditionExpression:
        'attribute_exists(PK) AND attribute_not_exists(usedAt) AND #kind = :kind AND expiresAt > :now',
      ExpressionAttributeNames: { '#kind': 'kind' },
      ExpressionAttributeValues: {
        ':usedAt': new Date(nowSeconds * 1000).toISOString(),
        ':kind': kind,
        ':now': nowSeconds,
      },
    },
  };
}
