import { createHash } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_API_TOKENS } from '../../contract/security';
import { ddb, TABLE } from '../../functions/data/core/client';
import { apiTokenKey } from '../../functions/data/core/keys';
import { signToken } from '../../functions/lib/jwt';
import { cheapPasswordHash, inbox, PASSWORD, seedUser } from '../accounts/helpers';
import { partition, newUser as seededUser, type TestUser } from '../activities/helpers';
import { call } from '../api';
import { runs } from '../runs';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A user whose password is PASSWORD (asked again to create a token), with a session. */
async function newUser(): Promise<TestUser> {
  const user = await seededUser();
  await ddb.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: { PK: `USER#${user.userId}`, SK: 'PROFILE' },
      UpdateExpression: 'SET passwordHash = :hash',
      ExpressionAttributeValues: { ':hash': cheapPasswordHash() },
    }),
  );
  return user;
}

async function createToken(user: TestUser, scope: 'read' | 'write', name = 'Invoice script') {
  const res = await call('POST', '/api/apitokens', {
    token: user.token,
    body: { name, scope, password: PASSWORD },
  });
  if (res.status !== 201) throw new Error(`token create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { _id: string; token: string; name: string; scope: string; lastUsedAt: null };
}

const storedToken = async (userId: string, tokenId: string) =>
  (
    await ddb.send(
      new GetCommand({ TableName: TABLE, Key: apiTokenKey(userId, tokenId), ConsistentRead: true }),
    )
  ).Item;

describe('API tokens: create, list, delete', () => {
  it('shows a new token once, lists it without the token, and stores only its hash', async () => {
    const user = await newUser();

    const created = await createToken(user, 'write', 'Zapier – Zeiterfassung 🚀');

    expect(created).toMatchObject({ name: 'Zapier – Zeiterfassung 🚀', scope: 'write', lastUsedAt: null });
    expect(created.token).toMatch(/^tl_/);
    const list = await call('GET', '/api/apitokens', { token: user.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        _id: created._id,
        name: created.name,
        scope: 'write',
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
    ]);
    const items = JSON.stringify(await partition(user.userId));
    const secret = created.token.split('_').slice(3).join('_');
    expect(items).not.toContain(secret);
    expect(items).toContain(createHash('sha256').update(secret).digest('hex'));
    // The address is told (a security email) — with the name, never the token.
    const mails = await inbox(`${user.userId}@example.com`);
    expect(mails.map((m) => m.subject)).toEqual(['A new API token was created for your Timeledger account']);
    expect(mails[0]?.body.text).toContain('Zapier – Zeiterfassung 🚀');
    expect(mails[0]?.body.text).not.toContain(secret);
  });

  it('refuses a scope other than read or write and an empty name with 400, storing nothing', async () => {
    const user = await newUser();
    for (const body of [
      { name: 'x', scope: 'admin' },
      { name: '   ', scope: 'read' },
      { scope: 'read' },
      [],
    ]) {
      const res = await call('POST', '/api/apitokens', { token: user.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await partition(user.userId)).toEqual([]);
  });

  it('stops a deleted token at once; another user cannot delete it (404)', async () => {
    const owner = await newUser();
    const other = await newUser();
    const created = await createToken(owner, 'read');

    expect((await call('DELETE', `/api/apitokens/${created._id}`, { token: other.token })).status).toBe(404);
    expect((await call('GET', '/api/projects', { headers: bearer(created.token) })).status).toBe(200);

    expect((await call('DELETE', `/api/apitokens/${created._id}`, { token: owner.token })).status).toBe(204);

    const refused = await call('GET', '/api/projects', { headers: bearer(created.token) });
    expect(refused.status).toBe(401);
    expect(refused.body.errors[0].code).toBe('INVALID_TOKEN');
    expect((await call('GET', '/api/apitokens', { token: owner.token })).body).toEqual([]);
    expect((await call('DELETE', `/api/apitokens/${created._id}`, { token: owner.token })).status).toBe(404);
  });

  it(`holds at most ${MAX_API_TOKENS} tokens, also when many are created at once`, async () => {
    const user = await newUser();
    const create = (i: number) =>
      call('POST', '/api/apitokens', {
        token: user.token,
        body: { name: `t${i}`, scope: 'read', password: PASSWORD },
        // Each asks for the password, which holds a failed-login slot per address while it is checked.
        sourceIp: `203.0.113.${i + 1}`,
      });
    // All at once; a process checks only a few passwords at a time and answers the rest 503
    // SIGN_IN_BUSY, and those are sent again (bounded) until each is created or refused.
    const results: Awaited<ReturnType<typeof create>>[] = [];
    let pending = Array.from({ length: MAX_API_TOKENS + 5 }, (_, i) => i);
    for (let round = 0; pending.length > 0 && round < 60; round++) {
      const answers = await Promise.all(pending.map(create));
      for (const answer of answers) expect([201, 403, 503]).toContain(answer.status);
      results.push(...answers.filter((a) => a.status !== 503));
      pending = pending.filter((_, k) => answers[k]?.status === 503);
      if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(pending).toEqual([]);

    expect(results.filter((r) => r.status === 201)).toHaveLength(MAX_API_TOKENS);
    const refused = results.filter((r) => r.status === 403);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.body.errors[0].code).toBe('API_TOKEN_LIMIT');
    expect((await call('GET', '/api/apitokens', { token: user.token })).body).toHaveLength(MAX_API_TOKENS);
    // Deleting one makes room for one.
    const first = results.find((r) => r.status === 201)?.body._id;
    await call('DELETE', `/api/apitokens/${first}`, { token: user.token });
    expect(
      (
        await call('POST', '/api/apitokens', {
          token: user.token,
          body: { name: 'n', scope: 'read', password: PASSWORD },
        })
      ).status,
    ).toBe(201);
  });

  it('is not for the demo account (403 DEMO_READ_ONLY_ACCOUNT_SETTINGS)', async () => {
    const demo = await seedUser({ isDemo: true });
    const token = await signToken({ sub: demo._id, ver: 0 });

    const res = await call('POST', '/api/apitokens', {
      token,
      body: { name: 'x', scope: 'read', password: PASSWORD },
    });

    expect(res.status).toBe(403);
    expect(res.body.errors[0].code).toBe('DEMO_READ_ONLY_ACCOUNT_SETTINGS');
  });

  it('stores any well-formed name exactly (trimmed) or refuses it with 400 — never a 5xx', async () => {
    const user = await newUser();
    let made = 0;
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 120 }), async (name) => {
        const res = await call('POST', '/api/apitokens', {
          token: user.token,
          body: { name, scope: 'read', password: PASSWORD },
        });
        const trimmed = name.trim();
        if (trimmed.length > 0 && [...trimmed].length <= 100 && made < MAX_API_TOKENS) {
          expect(res.status).toBe(201);
          expect(res.body.name).toBe(trimmed);
          made++;
          await call('DELETE', `/api/apitokens/${res.body._id}`, { token: user.token });
          made--;
        } else {
          expect([400, 403]).toContain(res.status);
        }
      }),
      { numRuns: runs(40, 10) },
    );
  });
});

describe('Authorization: Bearer <API token>', () => {
  it('signs a write token in to reads and writes of the user’s own data', async () => {
    const user = await newUser();
    const { token } = await createToken(user, 'write');

    const made = await call('POST', '/api/projects', { headers: bearer(token), body: { name: 'Via API' } });
    expect(made.status).toBe(201);
    const list = await call('GET', '/api/projects', { headers: bearer(token) });
    expect(list.body.map((p: { name: string }) => p.name)).toEqual(['Via API']);
    const me = await call('GET', '/api/auth', { headers: bearer(token) });
    expect(me.body._id).toBe(user.userId);
  });

  it('gives a read token 403 API_TOKEN_READ_ONLY on anything but GET, and nothing is stored', async () => {
    const user = await newUser();
    const { token } = await createToken(user, 'read');

    const res = await call('POST', '/api/projects', { headers: bearer(token), body: { name: 'No' } });
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toMatchObject({ code: 'API_TOKEN_READ_ONLY' });
    const timer = await call('POST', '/api/timer', { headers: bearer(token), body: {} });
    expect(timer.status).toBe(403);
    expect((await call('GET', '/api/projects', { headers: bearer(token) })).body).toEqual([]);
  });

  it('refuses every token on the account, the tokens and logout (403 API_TOKEN_NOT_ALLOWED)', async () => {
    const user = await newUser();
    const { token, _id } = await createToken(user, 'write');
    const closed: [string, string, unknown?][] = [
      ['GET', '/api/apitokens'],
      ['POST', '/api/apitokens', { name: 'more', scope: 'write' }],
      ['DELETE', `/api/apitokens/${_id}`],
      ['PUT', '/api/users', { name: 'Taken over' }],
      ['PUT', '/api/users/email', { email: 'attacker@example.com', password: 'x' }],
      ['PUT', '/api/users/password', { currentPassword: 'x', password: 'a new long passphrase' }],
      ['DELETE', '/api/users', { password: PASSWORD }],
      ['POST', '/api/auth/logout', { everywhere: true }],
    ];
    for (const [method, path, body] of closed) {
      const res = await call(method, path, { headers: bearer(token), ...(body ? { body } : {}) });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.errors[0].code).toBe('API_TOKEN_NOT_ALLOWED');
    }
    // Nothing happened: the account, its name, the session and the token are all still there.
    const me = await call('GET', '/api/auth', { token: user.token });
    expect(me.body.name).toBe('Freelancer');
    expect((await call('GET', '/api/apitokens', { token: user.token })).body).toHaveLength(1);
  });

  it('records the last use, writing at most once a minute', async () => {
    const user = await newUser();
    const { token, _id } = await createToken(user, 'read');

    await call('GET', '/api/projects', { headers: bearer(token) });
    const first = (await storedToken(user.userId, _id))?.lastUsedAt as string;
    expect(Date.now() - Date.parse(first)).toBeLessThan(10_000);
    await call('GET', '/api/projects', { headers: bearer(token) });
    expect((await storedToken(user.userId, _id))?.lastUsedAt).toBe(first);

    const longAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: apiTokenKey(user.userId, _id),
        UpdateExpression: 'SET lastUsedAt = :t',
        ExpressionAttributeValues: { ':t': longAgo },
      }),
    );
    await call('GET', '/api/projects', { headers: bearer(token) });
    const listed = (await call('GET', '/api/apitokens', { token: user.token })).body[0];
    expect(Date.parse(listed.lastUsedAt)).toBeGreaterThan(Date.parse(longAgo) + 60_000);
  });

  it('stops working when the account is deleted', async () => {
    const user = await newUser();
    const { token } = await createToken(user, 'read');

    expect(
      (await call('DELETE', '/api/users', { token: user.token, body: { password: PASSWORD } })).status,
    ).toBe(200);

    expect((await call('GET', '/api/projects', { headers: bearer(token) })).status).toBe(401);
  });

  it('answers 401 to any forged, altered or malformed bearer token — never a 5xx', async () => {
    const user = await newUser();
    const { token } = await createToken(user, 'write');
    const altered = fc
      .tuple(fc.nat({ max: token.length - 1 }), fc.constantFrom(...'ABCxyz019-_'))
      .map(([i, c]) => token.slice(0, i) + c + token.slice(i + 1))
      .filter((t) => t !== token);
    const anything = fc.oneof(altered, fc.string({ maxLength: 200 }), fc.constant(''), fc.constant('tl_'));
    await fc.assert(
      fc.asyncProperty(anything, async (candidate) => {
        const res = await call('GET', '/api/projects', { headers: { authorization: `Bearer ${candidate}` } });
        expect(res.status).toBe(401);
      }),
      { numRuns: runs(60, 15) },
    );
    const basic = await call('GET', '/api/projects', { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.status).toBe(401);
  });
});
