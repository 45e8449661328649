import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointName } from '../contract/endpoints';
import {
  DEFAULT_MEMORY_MB,
  DEFAULT_TIMEOUT_SECONDS,
  type FunctionNeeds,
  JOBS,
  NEEDS,
  ROUTES,
  type RouteDefinition,
  routeKey,
} from './routes';
import { matchRoute } from './routes-match';

/** Every endpoint the API serves, with its method and exact path casing. */
const SPECIFIED = [
  'POST /api/auth',
  'GET /api/auth',
  'POST /api/users',
  'POST /api/forgotpassword',
  'PUT /api/resetpassword',
  'GET /api/confirmemail/{token}',
  'POST /api/budgetalerts/unsubscribe',
  'POST /api/claimvouchercode/{code}',
  'POST /api/usersettings',
  'DELETE /api/users',
  'GET /api/exportuserdata',
  'GET /api/export/timeactivities.csv',
  'GET /api/export/financeactivities.csv',
  'POST /api/import/{source}',
  'GET /api/projects',
  'POST /api/projects',
  'PUT /api/projects/{id}',
  'DELETE /api/projects/{id}',
  'GET /api/timeactivities/{projectId}',
  'POST /api/timeactivities',
  'PUT /api/timeActivities/{id}',
  'DELETE /api/timeActivities/{id}',
  'GET /api/financeactivities/{projectId}',
  'POST /api/financeactivities',
  'PUT /api/financeActivities/{id}',
  'DELETE /api/financeActivities/{id}',
  'GET /api/projectfinancetasklist',
  'GET /api/projecttasklist',
  'GET /api/projecttimeperprojectchart',
  'GET /api/projecttimetrackedchart',
  'GET /api/projectprofitlosschart',
  'GET /api/projecttimepertaskchart',
  'GET /api/projecttimepertaskgrid',
  'GET /api/projecttimepersubtaskgrid',
  'GET /api/projecttotaltimetrackedchart',
  'GET /api/projectprofitlossperhourchart',
  // The demo login and the public embed
  'POST /api/auth/demo',
  'GET /api/embed/{userId}/{projectId}/{chartType}/{chartKind}',
  // The running timer and the timesheet
  'GET /api/timer',
  'POST /api/timer',
  'POST /api/timer/stop',
  'POST /api/timer/pause',
  'POST /api/timer/resume',
  'DELETE /api/timer',
  'GET /api/timeactivities',
  // Sessions and the account
  'POST /api/auth/logout',
  'PUT /api/users',
  'PUT /api/users/email',
  'PUT /api/users/password',
  'POST /api/confirmemail',
  // Issue 21 (fix 2): the link mailed to the old address undoes an email change
  'POST /api/undoemailchange',
  // The API described as OpenAPI 3.1, generated from this table
  'GET /api/openapi.json',
  // CONTRACT §8: invoices
  'GET /api/invoicesettings',
  'PUT /api/invoicesettings',
  'GET /api/invoices',
  'POST /api/invoices',
  'GET /api/invoices/{id}',
  'GET /api/invoices/{id}/pdf',
  'PUT /api/invoices/{id}',
  'DELETE /api/invoices/{id}',
  // CONTRACT §8: clients, tags and reports
  'GET /api/clients',
  'POST /api/clients',
  'PUT /api/clients/{id}',
  'DELETE /api/clients/{id}',
  'GET /api/tags',
  'GET /api/reports',
  // CONTRACT §8: two-factor sign-in and API tokens
  'POST /api/users/2fa',
  'POST /api/users/2fa/confirm',
  'DELETE /api/users/2fa',
  'GET /api/apitokens',
  'POST /api/apitokens',
  'DELETE /api/apitokens/{id}',
  // CONTRACT §9: e-invoice downloads and the tax period
  'GET /api/invoices/{id}/xrechnung',
  'GET /api/invoices/{id}/ubl',
  'GET /api/taxreport',
  // CONTRACT §9: recurring expenses
  'GET /api/recurringexpenses',
  'POST /api/recurringexpenses',
  'PUT /api/recurringexpenses/{id}',
  'DELETE /api/recurringexpenses/{id}',
  // CONTRACT §9: invoices sent by email
  'POST /api/invoices/{id}/email',
  // CONTRACT §9: e-invoices received (issue 37)
  'POST /api/expenses/einvoice',
  // CONTRACT §9: receipts, and the export's files (issue 37)
  'POST /api/receipts',
  'GET /api/receipts/{id}',
  'DELETE /api/receipts/{id}',
  'GET /api/exportuserdata/files',
];

const PUBLIC = [
  'POST /api/auth',
  'POST /api/users',
  'POST /api/forgotpassword',
  'PUT /api/resetpassword',
  'GET /api/confirmemail/{token}',
  'POST /api/undoemailchange',
  'POST /api/budgetalerts/unsubscribe',
  'POST /api/auth/demo',
  'GET /api/embed/{userId}/{projectId}/{chartType}/{chartKind}',
  'GET /api/openapi.json',
];

describe('route table', () => {
  it('lists every endpoint of the specification and the contract, and nothing else', () => {
    expect(ROUTES.map(routeKey).sort()).toEqual([...SPECIFIED].sort());
  });

  it('keeps only the contract’s public routes open without a token', () => {
    expect(
      ROUTES.filter((r) => !r.auth)
        .map(routeKey)
        .sort(),
    ).toEqual([...PUBLIC].sort());
  });

  it('lets an API token do with each endpoint what CONTRACT §8 allows, and no more', () => {
    for (const [name, e] of Object.entries(ENDPOINTS)) {
      // No token on the account, the tokens themselves, logging out, or a public route.
      const closed =
        !e.auth ||
        /^\/api\/(users|apitokens)(\/|$)/.test(e.path) ||
        (e.method === 'POST' && e.path === '/api/auth/logout');
      expect(e.tokenScope, name).toBe(closed ? 'none' : e.method === 'GET' ? 'read' : 'write');
    }
  });

  it('names one existing handler module per route and per job, never shared', () => {
    const modules = [...ROUTES.map((r) => r.handler), ...JOBS.map((j) => j.handler)];
    expect(new Set(modules).size).toBe(modules.length);
    for (const name of modules) {
      expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(existsSync(join(import.meta.dirname, 'handlers', `${name}.ts`)), name).toBe(true);
    }
  });

  it('has every handler wrap the endpoint it deploys, never restate its auth', () => {
    for (const { handler, name } of ROUTES) {
      const source = readFileSync(join(import.meta.dirname, 'handlers', `${handler}.ts`), 'utf8');
      // A handler copied from another and not renamed would get the other endpoint's schemas and auth.
      expect(source, handler).toMatch(new RegExp(`[rR]oute(?:ReadingEarly)?\\(\\s*\\w+\\.${name}\\b`));
      expect(source, handler).not.toMatch(/\bauth:\s*(true|false)/);
    }
  });

  it('matches paths with the specification’s casing, parameters and an optional trailing slash', () => {
    const put = matchRoute('PUT', '/api/timeActivities/01J0ABC');
    expect(put && 'route' in put && put.route.handler).toBe('update-time-activity');
    expect(put && 'route' in put && put.pathParameters).toEqual({ id: '01J0ABC' });

    const settings = matchRoute('POST', '/api/usersettings/');
    expect(settings && 'route' in settings && settings.route.handler).toBe('update-user-settings');

    const embed = matchRoute('GET', '/api/embed/u1/p1/timetracked/line');
    expect(embed && 'route' in embed && embed.pathParameters).toEqual({
      userId: 'u1',
      projectId: 'p1',
      chartType: 'timetracked',
      chartKind: 'line',
    });

    expect(matchRoute('GET', '/api/nothing-here')).toBeUndefined();
    expect(matchRoute('PATCH', '/api/projects')).toEqual({ methodNotAllowed: true });
  });

  it('tells the timesheet (no id) from one project’s list (an id) and the timer from its stop', () => {
    const handlerOf = (method: string, path: string) => {
      const m = matchRoute(method, path);
      return m && 'route' in m ? m.route.handler : undefined;
    };
    expect(handlerOf('GET', '/api/timeactivities')).toBe('list-timesheet');
    expect(handlerOf('GET', '/api/timeactivities/')).toBe('list-timesheet');
    expect(handlerOf('GET', '/api/timeactivities/01J0ABC')).toBe('list-time-activities');
    expect(handlerOf('POST', '/api/timeactivities')).toBe('create-time-activity');
    expect(handlerOf('POST', '/api/timer')).toBe('start-timer');
    expect(handlerOf('POST', '/api/timer/stop')).toBe('stop-timer');
    expect(handlerOf('DELETE', '/api/timer')).toBe('discard-timer');
    expect(matchRoute('PUT', '/api/timer')).toEqual({ methodNotAllowed: true });
  });
});

describe('routes made from the endpoints (issue 33: no line per endpoint)', () => {
  const names = Object.keys(ENDPOINTS) as EndpointName[];

  it('deploys every endpoint of ENDPOINTS by exactly one route, with its method, path and auth', () => {
    expect(ROUTES.map((r) => r.name)).toEqual(names);
    for (const name of names) {
      const routes = ROUTES.filter((r) => r.name === name);
      expect(routes, name).toHaveLength(1);
      const [route] = routes as [RouteDefinition];
      const e = ENDPOINTS[name];
      expect([route.method, route.path, route.auth], name).toEqual([e.method, e.path, e.auth]);
    }
  });

  it('names each route’s handler module after its endpoint in kebab-case, a module that exports `handler`', () => {
    expect(ROUTES.find((r) => r.name === 'getCurrentUser')?.handler).toBe('get-current-user');
    expect(ROUTES.find((r) => r.name === 'exportTimeActivitiesCsv')?.handler).toBe(
      'export-time-activities-csv',
    );
    for (const route of ROUTES) {
      expect(route.handler, route.name).toBe(route.name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));
      // Read, not imported: loading all 85 modules costs 5 s, and the smoke suite loads and calls each.
      const file = join(import.meta.dirname, 'handlers', `${route.handler}.ts`);
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file, 'utf8'), file).toMatch(/^export (const|async function|function) handler\b/m);
    }
  });

  it('gives every write endpoint (not GET) read-write table access, and every GET read-only but the confirmation link', () => {
    for (const route of ROUTES) {
      if (route.method !== 'GET') expect(route.access, route.name).toBe('readwrite');
    }
    // A browser opens the mailed link (GET) and that confirms the address: a GET that writes.
    expect(ROUTES.filter((r) => r.method === 'GET' && r.access === 'readwrite').map((r) => r.name)).toEqual([
      'confirmEmail',
    ]);
  });

  it('keeps a NEEDS entry only for an endpoint, and only for what differs from the defaults', () => {
    /** Whether one need, as written, asks for nothing beyond the default. */
    const isDefault = (key: keyof FunctionNeeds, value: unknown) =>
      (key === 'memoryMb' && value === DEFAULT_MEMORY_MB) ||
      (key === 'timeoutSeconds' && value === DEFAULT_TIMEOUT_SECONDS) ||
      value === false ||
      value === undefined ||
      (Array.isArray(value) && value.length === 0);
    const entries = Object.entries(NEEDS);
    expect(entries.length).toBeGreaterThan(0);
    for (const [name, needs] of entries) {
      expect(Object.hasOwn(ENDPOINTS, name), name).toBe(true);
      const written = Object.entries(needs ?? {});
      expect(written, name).not.toEqual([]);
      for (const [key, value] of written) {
        expect(isDefault(key as keyof FunctionNeeds, value), `${name}.${key}`).toBe(false);
      }
      expect(ROUTES.find((r) => r.name === name)?.needs, name).toBe(needs);
    }
    // An endpoint without an entry deploys with the defaults.
    const plain = ROUTES.filter((r) => !(r.name in NEEDS));
    expect(plain.length).toBeGreaterThan(0);
    for (const route of plain) expect(route.needs, route.name).toEqual({});
  });

  it('lets no two routes of a method match the same path, so the table’s order never decides', () => {
    const segments = (path: string) => path.split('/');
    const isParam = (segment: string) => /^\{\w+\}$/.test(segment);
    /** Whether some request path matches both: a literal segment against the same or a parameter. */
    const overlap = (a: string, b: string) => {
      const [x, y] = [segments(a), segments(b)];
      return x.length === y.length && x.every((s, i) => s === y[i] || isParam(s) || isParam(y[i]!));
    };
    const clashes = ROUTES.flatMap((a, i) =>
      ROUTES.slice(i + 1)
        .filter((b) => a.method === b.method && overlap(a.path, b.path))
        .map((b) => `${routeKey(a)} ~ ${routeKey(b)}`),
    );
    expect(clashes).toEqual([]);
    expect(overlap('/api/invoices/{id}', '/api/invoices/draft')).toBe(true);
  });
});
