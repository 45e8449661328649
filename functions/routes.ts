/**
 * The route table: the only list of Timeledger's HTTP endpoints, and of the scheduled jobs. The
 * CDK stack makes one Lambda function per entry (and one HTTP API route per route); the local
 * server dispatches through it; each handler takes its `auth` from its own entry (`route()` in
 * `lib/http.ts`). Paths use API Gateway's `{param}` syntax and the specification's exact casing.
 */
import type { SettingName } from './lib/settings';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What a function does beyond answering its route that its deployment must allow or size for:
 * the stack grants and sizes each function from this (never from a list keyed by name).
 */
export interface FunctionNeeds {
  /** Sends mail through SES. */
  sendsEmail?: boolean;
  /** Signs a session token without verifying one (public routes that log a user in). */
  signsTokens?: boolean;
  /** scrypt (N=2^17) wants memory and the CPU share that comes with it. */
  memoryMb?: number;
  timeoutSeconds?: number;
}

/** A function's memory and timeout unless its `needs` say otherwise. */
export const DEFAULT_MEMORY_MB = 512;
export const DEFAULT_TIMEOUT_SECONDS = 10;

/** One Lambda function: a route's handler or a job's. */
export interface FunctionDefinition {
  /** Module under `functions/handlers/` (kebab-case, named after the action) exporting `handler`. */
  handler: string;
  /** Read-only functions get read-only table access on AWS. */
  access: 'read' | 'readwrite';
  needs: FunctionNeeds;
}

export interface RouteDefinition extends FunctionDefinition {
  method: Method;
  path: string;
  /** Public routes need no `x-auth-token`. */
  auth: boolean;
}

const r = <const H extends string, const A extends boolean>(
  method: Method,
  path: string,
  handler: H,
  auth: A,
  access: 'read' | 'readwrite',
  needs: FunctionNeeds = {},
) => ({ method, path, handler, auth, access, needs });

export const ROUTES = [
  // Accounts and sessions
  r('POST', '/api/auth', 'login', false, 'readwrite', { signsTokens: true, memoryMb: 1024 }),
  r('GET', '/api/auth', 'get-current-user', true, 'read'),
  // Seeds the demo account on its first call (`resetDemo()`), which takes a while.
  r('POST', '/api/auth/demo', 'login-demo', false, 'readwrite', {
    signsTokens: true,
    memoryMb: 1024,
    timeoutSeconds: 29,
  }),
  r('POST', '/api/users', 'register-user', false, 'readwrite', {
    signsTokens: true,
    sendsEmail: true,
    memoryMb: 1024,
  }),
  r('POST', '/api/auth/logout', 'logout', true, 'readwrite'),
  r('DELETE', '/api/users', 'delete-account', true, 'readwrite'),
  r('PUT', '/api/users', 'update-user', true, 'readwrite'),
  // A password check (scrypt), mail to the new and old address.
  r('PUT', '/api/users/email', 'change-email', true, 'readwrite', { sendsEmail: true, memoryMb: 1024 }),
  // A password check and a new hash (scrypt), a new token.
  r('PUT', '/api/users/password', 'change-password', true, 'readwrite', {
    signsTokens: true,
    memoryMb: 1024,
  }),
  r('POST', '/api/confirmemail', 'resend-confirmation', true, 'readwrite', { sendsEmail: true }),
  r('POST', '/api/forgotpassword', 'forgot-password', false, 'readwrite', { sendsEmail: true }),
  r('PUT', '/api/resetpassword', 'reset-password', false, 'readwrite', { memoryMb: 1024 }),
  r('GET', '/api/confirmemail/{token}', 'confirm-email', false, 'readwrite'),
  r('POST', '/api/claimvouchercode/{code}', 'claim-voucher-code', true, 'readwrite'),
  r('POST', '/api/usersettings', 'update-user-settings', true, 'readwrite'),
  r('GET', '/api/exportuserdata', 'export-user-data', true, 'read'),
  // CSV out and in
  r('GET', '/api/export/timeactivities.csv', 'export-time-activities-csv', true, 'read'),
  r('GET', '/api/export/financeactivities.csv', 'export-finance-activities-csv', true, 'read'),
  r('POST', '/api/import/{source}', 'import-activities', true, 'readwrite'),
  // Projects
  r('GET', '/api/projects', 'list-projects', true, 'read'),
  r('POST', '/api/projects', 'create-project', true, 'readwrite'),
  r('PUT', '/api/projects/{id}', 'update-project', true, 'readwrite'),
  r('DELETE', '/api/projects/{id}', 'delete-project', true, 'readwrite'),
  // Time activities
  r('GET', '/api/timeactivities', 'list-timesheet', true, 'read'),
  r('GET', '/api/timeactivities/{projectId}', 'list-time-activities', true, 'read'),
  r('POST', '/api/timeactivities', 'create-time-activity', true, 'readwrite'),
  r('PUT', '/api/timeActivities/{id}', 'update-time-activity', true, 'readwrite'),
  r('DELETE', '/api/timeActivities/{id}', 'delete-time-activity', true, 'readwrite'),
  // The running timer
  r('GET', '/api/timer', 'get-timer', true, 'read'),
  r('POST', '/api/timer', 'start-timer', true, 'readwrite'),
  r('POST', '/api/timer/stop', 'stop-timer', true, 'readwrite'),
  r('POST', '/api/timer/pause', 'pause-timer', true, 'readwrite'),
  r('POST', '/api/timer/resume', 'resume-timer', true, 'readwrite'),
  r('DELETE', '/api/timer', 'discard-timer', true, 'readwrite'),
  // Finance activities
  r('GET', '/api/financeactivities/{projectId}', 'list-finance-activities', true, 'read'),
  r('POST', '/api/financeactivities', 'create-finance-activity', true, 'readwrite'),
  r('PUT', '/api/financeActivities/{id}', 'update-finance-activity', true, 'readwrite'),
  r('DELETE', '/api/financeActivities/{id}', 'delete-finance-activity', true, 'readwrite'),
  // Suggestions
  r('GET', '/api/projecttasklist', 'get-project-task-list', true, 'read'),
  r('GET', '/api/projectfinancetasklist', 'get-project-finance-task-list', true, 'read'),
  // Charts and grids
  r('GET', '/api/projecttimeperprojectchart', 'get-time-per-project-chart', true, 'read'),
  r('GET', '/api/projecttimetrackedchart', 'get-time-tracked-chart', true, 'read'),
  r('GET', '/api/projectprofitlosschart', 'get-profit-loss-chart', true, 'read'),
  r('GET', '/api/projecttimepertaskchart', 'get-time-per-task-chart', true, 'read'),
  r('GET', '/api/projecttimepertaskgrid', 'get-time-per-task-grid', true, 'read'),
  r('GET', '/api/projecttimepersubtaskgrid', 'get-time-per-subtask-grid', true, 'read'),
  r('GET', '/api/projecttotaltimetrackedchart', 'get-total-time-tracked-chart', true, 'read'),
  r('GET', '/api/projectprofitlossperhourchart', 'get-profit-loss-per-hour-chart', true, 'read'),
  // Embedding (public, read-only, CORS open)
  r('GET', '/api/embed/{userId}/{projectId}/{chartType}/{chartKind}', 'get-embedded-chart', false, 'read'),
  // The API described as OpenAPI 3.1 (public)
  r('GET', '/api/openapi.json', 'get-openapi', false, 'read'),
] as const satisfies readonly RouteDefinition[];

/** The handler module of every route. */
export type RouteHandler = (typeof ROUTES)[number]['handler'];

/** A route's entry, with its literal `auth` (so a handler's types can follow it). */
export type RouteOf<H extends RouteHandler> = Extract<(typeof ROUTES)[number], { handler: H }>;

/** The route entry of a handler module. */
export function routeOf<H extends RouteHandler>(handler: H): RouteOf<H> {
  const route = ROUTES.find((r) => r.handler === handler);
  if (!route) throw new Error(`No route has the handler ${handler}`);
  return route as RouteOf<H>;
}

export interface JobDefinition extends FunctionDefinition {
  /** The setting (`lib/settings.ts`) that holds how many minutes apart the job runs; its default is the job's schedule. */
  everyMinutesSetting: SettingName & `${string}Minutes`;
}

/**
 * Functions that no HTTP route calls, each run on a schedule (EventBridge on AWS, a timer locally):
 * the demo reset, and the sweep that completes pending project and account deletions.
 */
export const JOBS: readonly JobDefinition[] = [
  // Wipes and bulk-seeds a year of demo data.
  {
    handler: 'reset-demo',
    access: 'readwrite',
    everyMinutesSetting: 'demoScheduleMinutes',
    needs: { memoryMb: 1024, timeoutSeconds: 300 },
  },
  // Completes pending deletions within a 4-minute budget (`SWEEP_BUDGET_MS`), resumable next run.
  {
    handler: 'finish-deletions',
    access: 'readwrite',
    everyMinutesSetting: 'deletionSweepMinutes',
    needs: { timeoutSeconds: 300 },
  },
];

/** Every Lambda function: one per route, one per job. */
export const FUNCTIONS: readonly (RouteDefinition | JobDefinition)[] = [...ROUTES, ...JOBS];

/** Whether a function may read the JWT secret: every signed-in route, and the routes that log in. */
export function needsJwtSecret(fn: FunctionDefinition & { auth?: boolean }): boolean {
  return fn.auth === true || fn.needs.signsTokens === true;
}

export interface RouteMatch {
  route: RouteDefinition;
  pathParameters: Record<string, string>;
}

interface CompiledRoute {
  route: RouteDefinition;
  names: string[];
  regex: RegExp;
}

let compiled: CompiledRoute[] | undefined;

/** Compiled on first use: a handler bundle imports this table but never matches a path. */
const compile = (): CompiledRoute[] =>
  ROUTES.map((route) => {
    const names: string[] = [];
    // A literal `.` (`timeactivities.csv`) matches only itself.
    const pattern = route.path.replace(/\./g, '\\.').replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { route, names, regex: new RegExp(`^${pattern}/?$`) };
  });

/**
 * A path segment with its percent-escapes decoded; a malformed escape (`%`, `%zz`, bytes that are
 * not UTF-8) leaves the segment as sent, so the handler refuses it (a malformed id is a 404)
 * instead of the router throwing.
 */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Finds the route for a request as API Gateway would: exact method and path (one optional
 * trailing slash, as the specification writes some paths with one). `undefined` when none matches;
 * `methodNotAllowed` when the path exists under another method.
 */
export function matchRoute(
  method: string,
  path: string,
): RouteMatch | { methodNotAllowed: true } | undefined {
  let pathMatched = false;
  compiled ??= compile();
  for (const { route, names, regex } of compiled) {
    const m = regex.exec(path);
    if (!m) continue;
    pathMatched = true;
    if (route.method !== method) continue;
    const pathParameters: Record<string, string> = {};
    names.forEach((name, i) => {
      pathParameters[name] = decodeSegment(m[i + 1] ?? '');
    });
    return { route, pathParameters };
  }
  return pathMatched ? { methodNotAllowed: true } : undefined;
}

/** API Gateway's route key, e.g. `GET /api/projects/{id}`. */
export const routeKey = (route: RouteDefinition) => `${route.method} ${route.path}`;
