import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ddb, TABLE } from '../../functions/data/core/client';
import { emailKey, userKey } from '../../functions/data/identity/users';
import { PRODUCTION_HASH_N, setHashCostForTests } from '../../functions/domain/identity/hash-cost';
import { config } from '../../functions/lib/config';
import { call } from '../api';
import { inbox, PASSWORD, scanTable, signUp, uniqueEmail } from './helpers';

// The stored hash's parameters and the unknown address's timing: scrypt at its real cost
// (test/setup-env.ts lowers it for other files).
setHashCostForTests(PRODUCTION_HASH_N);

const SECRET_FIELDS = /passwordHash|scrypt|tokenVersion|salt/;

describe('POST /api/users (signup)', () => {
  it('creates the account with the documented defaults and answers a working token', async () => {
    const email = uniqueEmail('signup');
    const res = await call('POST', '/api/users', {
      body: { name: '  Ada Lovelace ', email, password: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['token']);

    const me = await call('GET', '/api/auth', { token: res.body.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      name: 'Ada Lovelace',
      email,
      currency: 'EUR',
      numberFormat: 'en-US',
      premium: false,
      enableEmbedding: false,
      showPoweredBy: true,
      hasSeenTutorial: false,
      emailConfirmed: false,
    });
    expect(me.body._id).toEqual(expect.any(String));
    expect(JSON.stringify(me.body)).not.toMatch(SECRET_FIELDS);
  });

  it('answers the free plan limits the server enforces, so the app can state them', async () => {
    const res = await call('POST', '/api/users', {
      body: { name: 'Ada', email: uniqueEmail('limits'), password: PASSWORD },
    });
    const me = await call('GET', '/api/auth', { token: res.body.token });
    expect(me.body.limits).toEqual({ projects: config.freeProjectLimit, items: config.freeItemLimit });
  });

  it('stores a salted scrypt hash, never the password', async () => {
    const { userId } = await signUp();
    const { userId: otherId } = await signUp();
    const hashes = await Promise.all(
      [userId, otherId].map(
        async (id) =>
          (await ddb.send(new GetCommand({ TableName: TABLE, Key: userKey(id) }))).Item
            ?.passwordHash as string,
      ),
    );
    for (const hash of hashes) {
      expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
      expect(hash).not.toContain(PASSWORD);
    }
    // Same password, different salt: different hashes.
    expect(hashes[0]).not.toBe(hashes[1]);
  });

  it('mails a confirmation link to the new address', async () => {
    const { email } = await signUp();
    const [mail] = await inbox(email);
    expect(mail?.subject).toBe('Confirm your email address for Timeledger');
    expect(mail?.body.text).toMatch(new RegExp(`${process.env.APP_URL}/confirmemail/\\S+`));
    expect(mail?.body.html).toContain('/confirmemail/');
  });

  it.each([
    [{ email: 'a@example.com', password: PASSWORD }, 'Name is required', 'name'],
    [{ name: '   ', email: 'a@example.com', password: PASSWORD }, 'Name is required', 'name'],
    [{ name: 'Ada', password: PASSWORD }, 'Email is required', 'email'],
    [{ name: 'Ada', email: '', password: PASSWORD }, 'Email is required', 'email'],
    [{ name: 'Ada', email: 'a@example.com' }, 'Password is required', 'password'],
    [{ name: 'Ada', email: 'a@example.com', password: '' }, 'Password is required', 'password'],
    [{ name: 'Ada', email: 'not-an-address', password: PASSWORD }, 'Please include a valid email', 'email'],
    [
      { name: 'Ada', email: 'a@example.com', password: 'short' },
      'Please enter a password with 8 or more characters',
      'password',
    ],
    [{ name: 42, email: 'a@example.com', password: PASSWORD }, 'Name is required', 'name'],
    [
      { name: 'x'.repeat(2_000_000), email: 'a@example.com', password: PASSWORD },
      'Name must be at most 200 characters',
      'name',
    ],
  ])('refuses %j with 400 "%s" and stores nothing', async (body, msg, param) => {
    const before = (await scanTable()).length;
    const res = await call('POST', '/api/users', { body });
    expect(res.status).toBe(400);
    // Each refusal has a code of its own (and its values), so the app can say it in any language.
    expect(res.body).toEqual({
      errors: [
        expect.objectContaining({ msg, param, code: expect.not.stringMatching(/^VALIDATION_ERROR$/) }),
      ],
    });
    expect((await scanTable()).length).toBe(before);
  });

  it('answers "Name is required" for an empty body and 400 for a body that is not JSON', async () => {
    expect((await call('POST', '/api/users')).body.errors[0].msg).toBe('Name is required');
    const res = await call('POST', '/api/users', { rawBody: '{"name":' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('INVALID_JSON');
  });

  it('refuses an email that is already registered, in any letter case', async () => {
    const { email } = await signUp();
    const res = await call('POST', '/api/users', {
      body: { name: 'Copy', email: email.toUpperCase(), password: PASSWORD },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ msg: 'User already exists', param: 'email' });
  });

  it('lets exactly one of two simultaneous signups for one address win', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      [email, email.toUpperCase()].map((address) =>
        call('POST', '/api/users', { body: { name: 'Racer', email: address, password: PASSWORD } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)?.body.errors[0].msg).toBe('User already exists');
    const profiles = (await scanTable()).filter(
      (item) => item.SK === 'PROFILE' && String(item.email).toLowerCase() === email,
    );
    expect(profiles).toHaveLength(1);
    const guard = await ddb.send(new GetCommand({ TableName: TABLE, Key: emailKey(email) }));
    expect(guard.Item?.userId).toBe(profiles[0]?.userId);
  });

  it('refuses to register the demo account’s address', async () => {
    const res = await call('POST', '/api/users', {
      body: { name: 'Mallory', email: 'Demo@Timeledger.app', password: PASSWORD },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].msg).toBe('User already exists');
  });
});

describe('POST /api/auth (login)', () => {
  it('answers a token for the right password, whatever the email’s letter case', async () => {
    const { email, userId } = await signUp();
    const res = await call('POST', '/api/auth', {
      body: { email: ` ${email.toUpperCase()} `, password: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['token']);
    const me = await call('GET', '/api/auth', { token: res.body.token });
    expect(me.body._id).toBe(userId);
  });

  it('answers the same 400 "Invalid Credentials" for a wrong password and an unknown email', async () => {
    const { email } = await signUp();
    const wrong = await call('POST', '/api/auth', { body: { email, password: 'wrong password' } });
    const unknown = await call('POST', '/api/auth', {
      body: { email: uniqueEmail('nobody'), password: PASSWORD },
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ errors: [{ msg: 'Invalid Credentials', code: 'INVALID_CREDENTIALS' }] });
    }
  });

  it('spends comparable time on an unknown email as on a wrong password', async () => {
    const { email } = await signUp();
    const timed = async (body: object) => {
      const started = performance.now();
      await call('POST', '/api/auth', { body });
      return performance.now() - started;
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      wrong.push(await timed({ email, password: 'wrong password' }));
      unknown.push(await timed({ email: uniqueEmail('nobody'), password: 'wrong password' }));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[1] as number;
    // Both paths run one full scrypt; a skipped hash would make the unknown path ~100× faster.
    // The bound is loose because other test files share the CPU.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.25);
  });

  it.each([
    [{ password: PASSWORD }, 'Email is required', 'email'],
    [{ email: '', password: PASSWORD }, 'Email is required', 'email'],
    [{ email: 'a@example.com' }, 'Password is required', 'password'],
    [{ email: 'a@example.com', password: '' }, 'Password is required', 'password'],
  ])('refuses %j with 400 "%s"', async (body, msg, param) => {
    const res = await call('POST', '/api/auth', { body });
    expect(res.status).toBe(400);
    // Each refusal has a code of its own (and its values), so the app can say it in any language.
    expect(res.body).toEqual({
      errors: [
        expect.objectContaining({ msg, param, code: expect.not.stringMatching(/^VALIDATION_ERROR$/) }),
      ],
    });
  });
});

describe('GET /api/auth (current user)', () => {
  it('answers the public user with every field the contract names and no secret', async () => {
    const { token, email } = await signUp();
    const res = await call('GET', '/api/auth', { token });
    expect(res.status).toBe(200);
    for (const field of [
      '_id',
      'name',
      'email',
      'hasSeenTutorial',
      'currency',
      'numberFormat',
      'premium',
      'enableEmbedding',
      'showPoweredBy',
      'emailConfirmed',
    ]) {
      expect(res.body, field).toHaveProperty(field);
    }
    expect(res.body.email).toBe(email);
    expect(JSON.stringify(res.body)).not.toMatch(SECRET_FIELDS);
  });
});
