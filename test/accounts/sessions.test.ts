import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { ddb, TABLE } from '../../functions/data/core/client';
import { revokedKey } from '../../functions/data/identity/sessions';
import { userKey } from '../../functions/data/identity/users';
import { signToken } from '../../functions/lib/jwt';
import { call } from '../api';
import { seedUser } from './helpers';

const me = (token: string) => call('GET', '/api/auth', { token });
const logout = (token: string, body?: unknown) =>
  call('POST', '/api/auth/logout', { token, ...(body === undefined ? {} : { body }) });

/** A user with two sessions, as if signed in on two devices. */
async function twoDevices(overrides = {}) {
  const user = await seedUser(overrides);
  const session = () => signToken({ sub: user._id, ver: user.tokenVersion });
  return { user, laptop: await session(), phone: await session() };
}

async function revokedItems(userId: string) {
  const out = await ddb.send(
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ExpressionAttributeValues: { ':pk': userKey(userId).PK, ':prefix': 'REVOKED#' },
    }),
  );
  return out.Items ?? [];
}

describe('POST /api/auth/logout', () => {
  it('answers 204 and stops this token at once while the other device stays signed in', async () => {
    const { laptop, phone } = await twoDevices();

    const res = await logout(laptop);

    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    const refused = await me(laptop);
    expect(refused.status).toBe(401);
    expect(refused.body.errors[0]).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await me(phone)).status).toBe(200);
  });

  it('keeps the deny-list entry only until the token would have expired anyway (TTL)', async () => {
    const { user, laptop } = await twoDevices();
    const { jti, exp } = jwt.decode(laptop) as { jti: string; exp: number };

    await logout(laptop);

    const items = await revokedItems(user._id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ ...revokedKey(user._id, jti), expiresAt: exp });
  });

  it('with {"everywhere": true} stops every token of the account, and a new login works again', async () => {
    const { user, laptop, phone } = await twoDevices();

    expect((await logout(laptop, { everywhere: true })).status).toBe(204);

    expect((await me(laptop)).status).toBe(401);
    expect((await me(phone)).status).toBe(401);
    // Nothing is listed one by one: the token version rose.
    expect(await revokedItems(user._id)).toHaveLength(0);
    const fresh = await signToken({ sub: user._id, ver: user.tokenVersion + 1 });
    expect((await me(fresh)).status).toBe(200);
  });

  it('refuses a repeated logout with the same token (it is already over)', async () => {
    const { laptop } = await twoDevices();
    await logout(laptop);

    expect((await logout(laptop)).status).toBe(401);
  });

  it('refuses a body that is not {everywhere: boolean} and logs nobody out', async () => {
    const { laptop } = await twoDevices();

    const res = await logout(laptop, { everywhere: 'yes' });

    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ param: 'everywhere' });
    expect((await me(laptop)).status).toBe(200);
  });

  it('lets the shared demo account end its own session but not every session', async () => {
    const { laptop, phone } = await twoDevices({ isDemo: true });

    const everywhere = await logout(laptop, { everywhere: true });
    expect(everywhere.status).toBe(403);
    expect(everywhere.body.errors[0].code).toBe('DEMO_READ_ONLY_ACCOUNT_SETTINGS');
    expect((await me(phone)).status).toBe(200);

    expect((await logout(laptop)).status).toBe(204);
    expect((await me(laptop)).status).toBe(401);
    expect((await me(phone)).status).toBe(200);
  });

  it('needs a token', async () => {
    expect((await call('POST', '/api/auth/logout')).status).toBe(401);
  });
});

describe('tokens always carry an expiry and an id', () => {
  it('refuses a correctly signed token without an expiry claim', async () => {
    const user = await seedUser();
    const forever = jwt.sign({ ver: 0, jti: 'abcdefghijklmnopqrstuv' }, process.env.JWT_SECRET as string, {
      algorithm: 'HS256',
      subject: user._id,
    });

    const res = await me(forever);

    expect(res.status).toBe(401);
    expect(res.body.errors[0]).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('refuses a correctly signed token without an id (first-release tokens: sign in once more)', async () => {
    const user = await seedUser();
    const old = jwt.sign({ ver: 0 }, process.env.JWT_SECRET as string, {
      algorithm: 'HS256',
      subject: user._id,
      expiresIn: 3600,
    });

    expect((await me(old)).status).toBe(401);
  });

  it('issues tokens with an expiry and a distinct id on every sign-in', async () => {
    const user = await seedUser();
    const a = jwt.decode(await signToken({ sub: user._id, ver: 0 })) as Record<string, unknown>;
    const b = jwt.decode(await signToken({ sub: user._id, ver: 0 })) as Record<string, unknown>;

    expect(a.exp).toEqual(expect.any(Number));
    expect((a.exp as number) - (a.iat as number)).toBe(7 * 24 * 3600);
    expect(a.jti).toEqual(expect.any(String));
    expect(a.jti).not.toBe(b.jti);
  });
});
