import fc from 'fast-check';
import jwt from 'jsonwebtoken';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDefinition, routeKey } from '../../functions/routes';
import { scanTable } from '../accounts/helpers';
import { newProject, newUser, type TestUser } from '../activities/helpers';
import { type CallOptions, call } from '../api';
import { runs } from '../runs';

/**
 * Every route of the route table gets generated bad input: wrong types, huge and deep bodies,
 * bodies that are not JSON, ids of every length and shape, ill-formed Unicode, odd paths and query
 * strings, missing and forged tokens. No answer may be a 5xx, and the table afterwards holds
 * exactly what it held before, apart from the rate-limit counters (`RATE#…` items), which count
 * refused logins, signups and reset requests by design.
 *
 * "Bad by construction": a route that takes a body always gets one its schema must refuse (a
 * `poison` field of the wrong type, or no JSON object at all); a route that deletes gets only ids
 * that name nothing (or, for the account, tokens that are not valid). Reads may answer 200.
 */

/** For each route that validates a body: one field whose value of the wrong type makes any body invalid. */
const POISON: Record<string, string> = {
  'POST /api/auth': 'email',
  'POST /api/users': 'email',
  'POST /api/forgotpassword': 'email',
  'PUT /api/resetpassword': 'email',
  'POST /api/undoemailchange': 'token',
  'POST /api/usersettings': 'currency',
  'POST /api/projects': 'name',
  'PUT /api/projects/{id}': 'name',
  'POST /api/timeactivities': 'projectId',
  'PUT /api/timeActivities/{id}': 'duration',
  'POST /api/financeactivities': 'projectId',
  'PUT /api/financeActivities/{id}': 'amount',
  'PUT /api/users': 'name',
  'PUT /api/users/email': 'email',
  'PUT /api/users/password': 'password',
  'POST /api/apitokens': 'scope',
  'POST /api/users/2fa': 'password',
  'POST /api/users/2fa/confirm': 'code',
  'DELETE /api/users/2fa': 'code',
};

/**
 * Routes that act on a valid token with no body at all (or with any body): they get only tokens
 * that are not valid, as a valid one would end the account, its session, or mail a new link.
 */
const BAD_TOKENS_ONLY = new Set(['DELETE /api/users', 'POST /api/auth/logout', 'POST /api/confirmemail']);

/** Every field name any route reads, so junk bodies hit real fields too. */
const FIELDS = [
  '_id',
  'name',
  'description',
  'enableEmbedding',
  'projectId',
  'activity',
  'date',
  'startTime',
  'endTime',
  'duration',
  'amount',
  'expense',
  'notes',
  'currency',
  'numberFormat',
  'showPoweredBy',
  'hasSeenTutorial',
  'email',
  'password',
  'password2',
  'resetToken',
  'everywhere',
  'currentPassword',
  'scope',
  'code',
];

const LONE = ['\ud800', '\udbff', '\udc00', '\udfff'];

/** A value that is not a string (every poison field wants text, or a number for duration/amount). */
const wrongType = (field: string) =>
  field === 'duration' || field === 'amount'
    ? fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.integer(), { maxLength: 3 }),
      )
    : fc.oneof(
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 3 }),
        fc.object({ maxDepth: 2 }),
      );

/** Text with a lone surrogate somewhere. */
const illFormed = fc
  .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...LONE), fc.string({ maxLength: 20 }))
  .map(([a, s, b]) => `${a}${s}${b}`);

/** Strings that are not JSON. */
const notJson = fc.oneof(
  fc.constantFrom(
    '{',
    '{"name":',
    "{'name':'x'}",
    'NaN',
    'undefined',
    '{"a":1,}',
    '[1,2',
    '\u0000',
    '<xml/>',
    '--',
  ),
  fc.string({ maxLength: 200 }).filter((s) => {
    try {
      JSON.parse(s);
      return false;
    } catch {
      return true;
    }
  }),
);

/** Generated requests per route (bounded for a 2-core machine; the fixed bodies come on top). */
const RUNS_PER_ROUTE = runs(30, 8);

const BIG_TEXT = 'ü'.repeat(2_400_000); // 4.8 MB of UTF-8: just under the 5 MB body limit
const DEEP = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`;
const WIDE = JSON.stringify(Array.from({ length: 400_000 }, (_, i) => i));

const fixedCache = new Map<string, string[]>();

/** Bodies every route gets once, whatever it does with a body (built once per poison field). */
function fixedBodies(poison: string | undefined): string[] {
  const p = poison ?? 'name';
  const cached = fixedCache.get(p);
  if (cached) return cached;
  const bodies = [
    JSON.stringify({ [p]: [], notes: BIG_TEXT }), // huge but under the limit, and invalid (a list is no field's type)
    JSON.stringify({ [p]: [], pad: 'x'.repeat(6 * 1024 * 1024) }), // over the limit: 413
    DEEP, // nested a million levels
    WIDE, // 400,000 elements
    `{"${p}":"\\ud800"}`, // the lone surrogate
    `{"${p}":[],"\\udc00":1}`, // in a key
    '',
    'null',
    '[]',
  ];
  fixedCache.set(p, bodies);
  return bodies;
}

/** A generated body for a route: never one its schema could accept. */
function bodyFor(poison: string | undefined) {
  const junkObject = fc.dictionary(
    fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 10 })),
    fc.anything(),
    {
      maxKeys: 6,
    },
  );
  const poisoned = fc
    .tuple(junkObject, wrongType(poison ?? 'name'))
    .map(([junk, bad]) => JSON.stringify({ ...junk, [poison ?? 'name']: bad }));
  const withLoneSurrogate = fc
    .tuple(fc.constantFrom(...FIELDS), illFormed)
    .map(([field, text]) => `{"${field}":${JSON.stringify(text)}}`);
  return fc.oneof(
    { weight: 4, arbitrary: poisoned },
    { weight: 2, arbitrary: withLoneSurrogate },
    { weight: 2, arbitrary: notJson },
    {
      weight: 1,
      arbitrary: fc.oneof(fc.integer(), fc.string(), fc.array(fc.anything())).map((v) => JSON.stringify(v)),
    },
  );
}

/** Path segments that name nothing: every length, key fragments, escapes, lone surrogates, lookalikes. */
const badSegment = fc.oneof(
  fc.integer({ min: 1, max: 3000 }).map((n) => 'A'.repeat(n)),
  fc.integer({ min: 1, max: 40 }).map((n) => '0'.repeat(n)),
  fc.ulid(), // well-formed, but no such entity
  fc.ulid().map((id) => id.toLowerCase()),
  fc.constantFrom(
    '..',
    '.',
    '%',
    '%zz',
    '%ED%A0%80',
    '%2F',
    '%00',
    '%23',
    'PROJECT%23x',
    'USER%23a%23PROFILE',
    '$',
    '~',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 300 }).map(encodeURIComponent),
  fc
    .string({
      unit: fc.constantFrom('日', '😀', 'ü', ' ', '#', '?', '/', '%', '.', ...LONE),
      minLength: 1,
      maxLength: 60,
    })
    .map((s) => (s.isWellFormed() ? encodeURIComponent(s) : s.replace(/[#?/%]/g, '_'))),
);

const oddQuery = fc.dictionary(
  fc.oneof(
    fc.constantFrom(
      'startdate',
      'enddate',
      'projectid',
      'limit',
      'cursor',
      'colorseed',
      'q',
      '__proto__',
      '',
    ),
    fc.string({ maxLength: 20 }),
  ),
  fc.oneof(
    fc.constantFrom(
      '',
      '2026-02-30',
      '9999-99-99',
      '0000-01-01',
      '2026-01-01',
      '-1',
      '1e309',
      'NaN',
      '0',
      '1001',
      'A'.repeat(3000),
      Buffer.from('{"PK":"USER#x","SK":"TIME#y"}').toString('base64url'),
      Buffer.from(`{"PK":"${'x'.repeat(3000)}"}`).toString('base64url'),
    ),
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.ulid(),
  ),
  { maxKeys: 5 },
);

interface Fixture {
  user: TestUser;
  ids: Record<string, string>;
}

/** Tokens: mostly the fuzz user's own; sometimes none, malformed, forged or for nobody. */
async function tokenArbitrary(user: TestUser) {
  const forged = jwt.sign({ ver: 0 }, 'not-the-key', { subject: user.userId, expiresIn: '1h' });
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant<string | undefined>(user.token) },
    { weight: 1, arbitrary: fc.constant<string | undefined>(undefined) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.constantFrom(forged, 'Bearer x', 'null', '.', '..', 'x'.repeat(8000)),
        fc.string({ maxLength: 100 }),
      ),
    },
  );
}

const paramsOf = (route: RouteDefinition) =>
  [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

/** The path with its parameters filled in (segments already encoded). */
const fill = (route: RouteDefinition, segments: Record<string, string>) =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => segments[name] as string);

/**
 * The parameters of one request: a real id (so the body or query is what is wrong) only where
 * the route cannot store or delete with it; otherwise ids that name nothing.
 */
function segmentsFor(route: RouteDefinition, fixture: Fixture) {
  const names = paramsOf(route);
  const real = (name: string) => {
    if (route.method === 'DELETE') return undefined;
    if (route.path.startsWith('/api/embed/')) {
      return {
        userId: fixture.user.userId,
        projectId: fixture.ids.projectId,
        chartType: 'timetracked',
        chartKind: 'line',
      }[name];
    }
    if (name === 'id')
      return route.path.includes('timeActivities')
        ? fixture.ids.timeId
        : route.path.includes('financeActivities')
          ? fixture.ids.financeId
          : fixture.ids.projectId;
    if (name === 'projectId') return fixture.ids.projectId;
    return undefined;
  };
  return fc
    .tuple(
      ...names.map((name) => {
        const good = real(name);
        return good ? fc.oneof(badSegment, fc.constant(good)) : badSegment;
      }),
    )
    .map((values) => Object.fromEntries(names.map((n, i) => [n, values[i] as string])));
}

const isRateCounter = (item: Record<string, unknown>) => String(item.PK).startsWith('RATE#');
const keyOf = (item: Record<string, unknown>) => `${item.PK}\u0000${item.SK}`;
const sorted = (items: Record<string, unknown>[]) =>
  items.filter((i) => !isRateCounter(i)).sort((a, b) => keyOf(a).localeCompare(keyOf(b)));

describe('generated bad input to every route', () => {
  let fixture: Fixture;
  beforeAll(async () => {
    const user = await newUser({ premium: true });
    const projectId = await newProject(user, 'Fuzzed');
    await call('PUT', `/api/projects/${projectId}`, { token: user.token, body: { enableEmbedding: true } });
    await call('POST', '/api/usersettings', { token: user.token, body: { enableEmbedding: true } });
    const time = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { projectId, activity: 'Design', duration: 3_600_000 },
    });
    const finance = await call('POST', '/api/financeactivities', {
      token: user.token,
      body: { projectId, activity: 'Invoice', amount: 100 },
    });
    // The demo account is created on the first demo login; create it now so the fuzz finds it.
    expect((await call('POST', '/api/auth/demo')).status).toBe(200);
    fixture = { user, ids: { projectId, timeId: time.body._id, financeId: finance.body._id } };
  }, 120_000);

  it('answers every request below 500 and stores nothing', async () => {
    const before = sorted(await scanTable());
    const tokens = await tokenArbitrary(fixture.user);
    const failures: string[] = [];
    let sent = 0;

    const send = async (route: RouteDefinition, path: string, options: CallOptions) => {
      sent++;
      const res = await call(route.method, path, options);
      if (res.status >= 500) {
        failures.push(
          `${res.status} ${route.method} ${path.slice(0, 120)} ${JSON.stringify(options).slice(0, 300)}`,
        );
      }
    };

    for (const route of ROUTES) {
      const key = routeKey(route);
      const poison = POISON[key];
      const routeTokens = BAD_TOKENS_ONLY.has(key) ? tokens.filter((t) => t !== fixture.user.token) : tokens;

      for (const rawBody of fixedBodies(poison)) {
        const segments = fc.sample(segmentsFor(route, fixture), { numRuns: 1, seed: sent })[0] ?? {};
        const token = BAD_TOKENS_ONLY.has(key) ? undefined : fixture.user.token;
        await send(route, fill(route, segments), { rawBody, ...(token ? { token } : {}) });
      }

      await fc.assert(
        fc.asyncProperty(
          segmentsFor(route, fixture),
          bodyFor(poison),
          oddQuery,
          routeTokens,
          async (segments, rawBody, query, token) => {
            await send(route, fill(route, segments), {
              rawBody,
              ...(Object.keys(query).length ? { query } : {}),
              ...(token !== undefined ? { token } : {}),
              sourceIp: '192.0.2.1',
            });
          },
        ),
        { numRuns: RUNS_PER_ROUTE },
      );
    }

    expect(failures).toEqual([]);
    expect(sorted(await scanTable())).toEqual(before);
    // The figure docs/tests.md reports.
    console.info(`fuzz: ${sent} requests over ${ROUTES.length} routes`);
    expect(sent).toBe(ROUTES.length * (fixedBodies(undefined).length + RUNS_PER_ROUTE));
  }, 600_000);
});
