import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { type Declared, type Endpoint, endpoint } from '../../contract/endpoint';
import { getCurrentUser } from '../../contract/endpoints/accounts';
import { API_ERRORS } from '../../contract/error-codes';
import { call } from '../../test/api';
import { ddb, TABLE } from '../data/core/client';
import { InvalidCursorError, WriteConflictError } from '../data/core/errors';
import { transact } from '../data/core/transact';
import { userKey } from '../data/identity/users';
import { NotFoundError, schemaMessage } from '../lib/errors';
import { signToken } from '../lib/jwt';
import { jsonDepthExceeds, MAX_BODY_DEPTH, route } from '.';
import { publicRoute } from './chain';

/** A public route's entry: these handlers run the shared chain without a token. */
/**
 * `endpoint` without its check that a write names what it makes stale (`invalidates`), which a
 * definition spread from a generic `E` cannot pass: these test endpoints are in no cache.
 */
const declare = endpoint as <const D extends Partial<Endpoint>>(definition: D) => Declared<D>;

/** A public endpoint of the tests' own, with whatever schemas a test gives it. */
const testEndpoint = <const E extends Partial<Endpoint>>(extra: E = {} as E) =>
  declare({
    method: 'POST',
    path: '/api/test',
    summary: 'A test',
    auth: false,
    tokenScope: 'none',
    answers: { 200: 'none' },
    ...extra,
  });

async function putUser(userId: string, tokenVersion = 0) {
  await ddb.send(
    new PutCommand({
      TableName: TABLE,
      Item: {
        ...userKey(userId),
        userId,
        name: 'Ada',
        email: `${userId}@example.com`,
        passwordHash: 'scrypt$secret-hash',
        tokenVersion,
        createdAt: new Date().toISOString(),
      },
    }),
  );
}

function event(body?: string) {
  return {
    version: '2.0',
    routeKey: 'POST /test',
    rawPath: '/test',
    rawQueryString: '',
    headers: { 'Content-Type': 'application/json' },
    requestContext: { http: { method: 'POST', path: '/test', sourceIp: '127.0.0.1' } },
    ...(body === undefined ? {} : { body }),
    isBase64Encoded: false,
  } as never;
}

describe('GET /api/auth (the first vertical slice)', () => {
  it('answers 401 in the contract’s error shape without a token', async () => {
    const res = await call('GET', '/api/auth');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ errors: [{ msg: 'No token, authorization denied', code: 'NO_TOKEN' }] });
  });

  it('answers the user without secrets for a valid token', async () => {
    await putUser('u-valid');
    const res = await call('GET', '/api/auth', { token: await signToken({ sub: 'u-valid', ver: 0 }) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: 'u-valid',
      name: 'Ada',
      email: 'u-valid@example.com',
      showPoweredBy: true,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|secret-hash|tokenVersion/);
  });

  it('refuses a token signed with another key, an unsigned token and an expired token', async () => {
    await putUser('u-forged');
    const otherKey = jwt.sign({ ver: 0 }, 'another-key', { subject: 'u-forged', algorithm: 'HS256' });
    const unsigned = jwt.sign({ ver: 0 }, '', { subject: 'u-forged', algorithm: 'none' });
    const expired = jwt.sign({ ver: 0, exp: Math.floor(Date.now() / 1000) - 10 }, process.env.JWT_SECRET!, {
      subject: 'u-forged',
    });
    for (const token of [otherKey, unsigned, expired, 'not-a-jwt']) {
      const res = await call('GET', '/api/auth', { token });
      expect(res.status).toBe(401);
      expect(res.body.errors[0].code).toBe('INVALID_TOKEN');
    }
  });

  it('refuses a token whose user is gone or whose version was revoked', async () => {
    await putUser('u-revoked', 1);
    expect(
      (await call('GET', '/api/auth', { token: await signToken({ sub: 'u-revoked', ver: 0 }) })).status,
    ).toBe(401);
    expect(
      (await call('GET', '/api/auth', { token: await signToken({ sub: 'u-missing', ver: 0 }) })).status,
    ).toBe(401);
  });
});

describe('the shared middleware chain', () => {
  const echo = route(
    testEndpoint({
      body: z.object({
        name: z
          .string({ error: schemaMessage('FIELD_REQUIRED', { field: 'name' }) })
          .max(5, 'At most 5, please'),
      }),
    }),
    async ({ body }) => body,
  );

  it('passes a valid JSON body through the schema to the handler', async () => {
    const res = await echo(event('{"name":"Ada"}'), {} as never);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body ?? '')).toEqual({ name: 'Ada' });
  });

  it('answers a rule without a code of its own as VALIDATION_ERROR with the rule’s words', async () => {
    const res = await echo(event('{"name":"Adalbert"}'), {} as never);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body ?? '')).toEqual({
      errors: [{ msg: 'At most 5, please', code: 'VALIDATION_ERROR', param: 'name' }],
    });
  });

  it('answers 400 with the schema’s message, its code and values, and the field for invalid input', async () => {
    const res = await echo(event('{"name":42}'), {} as never);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body ?? '')).toEqual({
      errors: [{ msg: 'Name is required', code: 'FIELD_REQUIRED', param: 'name', values: { field: 'name' } }],
    });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await echo(event('{"name":'), {} as never);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body ?? '').errors[0]).toMatchObject({
      code: 'INVALID_JSON',
      msg: 'Request body must be valid JSON',
    });
  });

  it('answers 413 for a body above the limit before parsing it', async () => {
    const res = await echo(event(`{"name":"${'x'.repeat(6 * 1024 * 1024)}"}`), {} as never);
    expect(res.statusCode).toBe(413);
    expect(JSON.parse(res.body ?? '').errors[0].code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('maps a typed domain error to its status', async () => {
    const missing = route(testEndpoint(), async () => {
      throw new NotFoundError('PROJECT_NOT_FOUND');
    });
    const res = await missing(event(), {} as never);
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body ?? '')).toEqual({
      errors: [{ msg: 'Project not found', code: 'PROJECT_NOT_FOUND' }],
    });
  });

  it('answers 500 without internals for an unexpected failure', async () => {
    const broken = route(testEndpoint(), async () => {
      throw new Error('ConditionalCheckFailed at /var/task/secret.js:12');
    });
    const res = await broken(event(), {} as never);
    expect(res.statusCode).toBe(500);
    expect(res.body).toBe('{"errors":[{"msg":"Server error","code":"INTERNAL_ERROR"}]}');
  });
});

describe('input the API must refuse, never fail on', () => {
  const echo = route(
    testEndpoint({
      body: z.object({ name: z.string() }).passthrough(),
      params: z.object({ id: z.string() }).partial(),
      query: z.object({ q: z.string() }).partial(),
    }),
    async ({ body }) => body,
  );
  const withParams = (extra: Record<string, unknown>) =>
    ({ ...(event('{"name":"ok"}') as object), ...extra }) as never;

  it.each([
    ['a lone high surrogate', '{"name":"\\ud800"}', 'name'],
    ['a lone low surrogate after text', '{"name":"Design \\udc00"}', 'name'],
    ['a reversed pair', '{"name":"ok","tags":["fine","\\udc00\\ud800"]}', 'tags.1'],
    ['a lone surrogate in a key', '{"name":"ok","\\ud83d":1}', '\ud83d'],
    ['a lone surrogate deep inside', '{"name":"ok","a":{"b":[{"c":"\\udfff"}]}}', 'a.b.0.c'],
  ])('answers 400 for %s in the body, naming where it is', async (_, body, param) => {
    const res = await echo(event(body), {} as never);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body ?? '')).toEqual({
      errors: [{ msg: API_ERRORS.ILL_FORMED_UNICODE, code: 'ILL_FORMED_UNICODE', param }],
    });
  });

  it('accepts a well-formed surrogate pair (an emoji written as JSON escapes)', async () => {
    const res = await echo(event('{"name":"\\ud83d\\ude00"}'), {} as never);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body ?? '')).toEqual({ name: '😀' });
  });

  it('answers 400 for a lone surrogate in a path or query parameter', async () => {
    for (const extra of [{ pathParameters: { id: 'a\ud800' } }, { queryStringParameters: { q: '\udc00' } }]) {
      const res = await echo(withParams(extra), {} as never);
      expect(res.statusCode).toBe(400);
      expect(JSON.parse(res.body ?? '').errors[0].code).toBe('ILL_FORMED_UNICODE');
    }
  });

  it('answers 400 at once for a body nested a million levels deep, before parsing it', async () => {
    const depth = 1_000_000;
    const arrays = '['.repeat(depth) + ']'.repeat(depth);
    const objects = `${'{"a":'.repeat(depth / 2)}1${'}'.repeat(depth / 2)}`;
    for (const body of [arrays, objects]) {
      const started = performance.now();
      const res = await echo(event(body), {} as never);
      expect(res.statusCode).toBe(400);
      expect(JSON.parse(res.body ?? '').errors[0]).toEqual({
        msg: `Request body must not be nested more than ${MAX_BODY_DEPTH} levels deep`,
        code: 'BODY_TOO_DEEP',
        values: { max: MAX_BODY_DEPTH },
      });
      // Refused by the scan, not after seconds of JSON.parse (a generous bound for a loaded machine).
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });

  it('counts nesting outside strings only: brackets inside text are just text', () => {
    expect(jsonDepthExceeds(`{"name":"${'['.repeat(100)}"}`, MAX_BODY_DEPTH)).toBe(false);
    expect(jsonDepthExceeds(`{"name":"\\\\"${',['.repeat(100)}}`, MAX_BODY_DEPTH)).toBe(true);
    expect(jsonDepthExceeds('{"a":"\\"[[["}', 1)).toBe(false);
    expect(jsonDepthExceeds('[[]]', 2)).toBe(false);
    expect(jsonDepthExceeds('[[[]]]', 2)).toBe(true);
  });

  it('answers 400, not 500, when DynamoDB refuses a key as too large (real DynamoDB Local)', async () => {
    const tooLong = route(testEndpoint(), async () =>
      ddb.send(new GetCommand({ TableName: TABLE, Key: { PK: `USER#${'x'.repeat(2100)}`, SK: 'PROFILE' } })),
    );
    const res = await tooLong(event(), {} as never);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body ?? '')).toEqual({
      errors: [{ msg: 'The request holds a value that cannot be stored', code: 'INVALID_INPUT' }],
    });
  });

  it('answers 400, not 500, when DynamoDB cancels a transaction for an invalid item (real DynamoDB Local)', async () => {
    const tooLong = route(testEndpoint(), async () =>
      transact([
        {
          op: {
            Update: {
              TableName: TABLE,
              Key: { PK: 'USER#x', SK: `TASK#${'%E6%97%A5'.repeat(120)}` },
              UpdateExpression: 'ADD useCount :one',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
        },
        {
          op: {
            Update: {
              TableName: TABLE,
              Key: { PK: 'USER#x', SK: 'COUNTERS' },
              UpdateExpression: 'ADD activityCount :one',
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
        },
      ]),
    );
    const res = await tooLong(event(), {} as never);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body ?? '').errors[0].code).toBe('INVALID_INPUT');
    // Nothing of the cancelled transaction was written.
    const counters = await ddb.send(
      new GetCommand({ TableName: TABLE, Key: { PK: 'USER#x', SK: 'COUNTERS' } }),
    );
    expect(counters.Item).toBeUndefined();
  });

  it('answers a data layer write conflict as 409 WRITE_CONFLICT and a foreign cursor as 400, never 500', async () => {
    const conflicted = route(testEndpoint(), async () => {
      throw new WriteConflictError();
    });
    const conflict = await conflicted(event(), {} as never);
    expect(conflict.statusCode).toBe(409);
    expect(JSON.parse(conflict.body ?? '')).toEqual({
      errors: [{ msg: 'Too many changes at the same time, please try again', code: 'WRITE_CONFLICT' }],
    });
    const cursor = await route(testEndpoint(), async () => {
      throw new InvalidCursorError();
    })(event(), {} as never);
    expect(cursor.statusCode).toBe(400);
    expect(JSON.parse(cursor.body ?? '').errors[0]).toMatchObject({ msg: 'Invalid cursor', param: 'cursor' });
  });

  it('gives a public route no user, in its type as at run time', async () => {
    const publicRoute = route(testEndpoint(), async ({ user, session }) => {
      // @ts-expect-error a public route's request has no signed-in user (`npm run typecheck` checks this)
      const id: string = user?._id;
      return { id: id ?? null, session: session ?? null };
    });
    const res = await publicRoute(event(), {} as never);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body ?? '')).toEqual({ id: null, session: null });
  });

  it('runs a public route built without the token code like any other, and refuses a signed-in one', async () => {
    const light = publicRoute(testEndpoint(), async ({ user }) => ({
      signedIn: user !== undefined,
    }));
    const res = await light(event(), {} as never);
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body ?? '')).toEqual({ signedIn: false });
    // A signed-in route without the session check would let anyone in: it fails when the function loads.
    // @ts-expect-error publicRoute takes only the endpoints the contract marks public
    expect(() => publicRoute(getCurrentUser, async () => null)).toThrow(/is signed in/);
  });
});
