import { randomBytes, scryptSync } from 'node:crypto';
import { PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { ddb, TABLE } from '../../functions/data/core/client';
import { tokenKey } from '../../functions/data/identity/tokens';
import { emailKey, toUserItem, type UserRecord } from '../../functions/data/identity/users';
import { call } from '../api';

/** A fresh address per test, so tests never see each other's accounts or mail. */
export const uniqueEmail = (label = 'user') => `${label}-${randomBytes(5).toString('hex')}@example.com`;

export const PASSWORD = 'correct horse battery';

/**
 * A stored hash of `password` with cheap parameters (N=2^10; a hash names its own, as the
 * product's do), for tests where a password is asked again but scrypt's cost is not the subject.
 */
export function cheapPasswordHash(password = PASSWORD): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 64, { N: 1024, r: 8, p: 1 });
  return ['scrypt', 1024, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Signs up through the API (real hashing, real email) and answers the session token. */
export async function signUp(
  email = uniqueEmail(),
  name = 'Ada Lovelace',
  password = PASSWORD,
  sourceIp = '127.0.0.1',
) {
  const res = await call('POST', '/api/users', { body: { name, email, password }, sourceIp });
  if (res.status !== 200) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  const me = await call('GET', '/api/auth', { token: res.body.token });
  return { email, name, token: res.body.token as string, userId: me.body._id as string };
}

/**
 * Stores a user directly (profile and email guard, as signup does) without paying for a password
 * hash — for tests about other things than passwords. The account cannot log in by password.
 */
export async function seedUser(overrides: Partial<UserRecord> = {}): Promise<UserRecord> {
  const user: UserRecord = {
    _id: ulid(),
    name: 'Grace Hopper',
    email: uniqueEmail('seeded'),
    hasSeenTutorial: false,
    currency: 'EUR',
    numberFormat: 'en-US',
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
    passwordHash: 'scrypt$not-a-real-hash',
    tokenVersion: 0,
    ...overrides,
  };
  await ddb.send(new PutCommand({ TableName: TABLE, Item: toUserItem(user) }));
  await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...emailKey(user.email), userId: user._id } }));
  return user;
}

export interface Mail {
  subject: string;
  from: string;
  destination: { to: string[] };
  body: { text?: string; html?: string };
  at: number;
}

/** Every message the local SES received for an address, oldest first. */
export async function inbox(address: string): Promise<Mail[]> {
  const res = await fetch(`${process.env.SES_ENDPOINT}/store`);
  const store = (await res.json()) as { emails: Mail[] };
  return store.emails.filter((mail) =>
    mail.destination.to.some((to) => to.toLowerCase().includes(address.toLowerCase())),
  );
}

/** The token of the newest link `<APP_URL>/<page>/<token>` mailed to an address. */
export async function linkToken(
  address: string,
  page: 'confirmemail' | 'resetpassword' | 'undoemailchange',
): Promise<string> {
  const mails = (await inbox(address)).filter((mail) => mail.body.text?.includes(`/${page}/`));
  const text = mails.at(-1)?.body.text ?? '';
  const match = new RegExp(`${process.env.APP_URL}/${page}/([^\\s]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${page} link mailed to ${address}`);
  return decodeURIComponent(match[1]);
}

/** Makes a mailed token look as if it was issued long ago (its expiry moment has passed). */
export async function expireToken(userId: string, token: string): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: tokenKey(userId, token),
      UpdateExpression: 'SET expiresAt = :past',
      ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
    }),
  );
}

/** Every item of this test file's table — a Scan, which only tests may use, to prove what is left. */
export async function scanTable(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(
      new ScanCommand({ TableName: TABLE, ...(startKey ? { ExclusiveStartKey: startKey } : {}) }),
    );
    items.push(...(out.Items ?? []));
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/**
 * Deletes an account as a person does: `DELETE /api/users` with the password again (issue 34,
 * item 10). A seeded user gets `PASSWORD` as its password first.
 */
export async function deleteAccountOf(
  user: { token: string; userId?: string },
  options: { code?: string } = {},
) {
  if (user.userId) {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { PK: `USER#${user.userId}`, SK: 'PROFILE' },
        UpdateExpression: 'SET passwordHash = :hash',
        ExpressionAttributeValues: { ':hash': cheapPasswordHash() },
      }),
    );
  }
  return call('DELETE', '/api/users', { token: user.token, body: { password: PASSWORD, ...options } });
}
