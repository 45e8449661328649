/**
 * The route table: the only list of Timeledger's HTTP endpoints. The CDK stack makes one Lambda
 * function and one HTTP API route per entry; the local server dispatches through it. Paths use
 * API Gateway's `{param}` syntax and the specification's exact casing.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDefinition {
  method: Method;
  path: string;
  /** Module under `functions/handlers/` (kebab-case, named after the action) exporting `handler`. */
  handler: string;
  /** Public routes need no `x-auth-token`. */
  auth: boolean;
  /** Read-only routes get read-only table access on AWS. */
  access: 'read' | 'readwrite';
}

const r = (method: Method, path: string, handler: string, auth: boolean, access: 'read' | 'readwrite') => ({
  method,
  path,
  handler,
  auth,
  access,
});

export const ROUTES: readonly RouteDefinition[] = [
  // Accounts and sessions
  r('POST', '/api/auth', 'login', false, 'readwrite'),
  r('GET', '/api/auth', 'get-current-user', true, 'read'),
  r('POST', '/api/auth/demo', 'login-demo', false, 'readwrite'),
  r('POST', '/api/users', 'register-user', false, 'readwrite'),
  r('POST', '/api/auth/logout', 'logout', true, 'readwrite'),
  r('DELETE', '/api/users', 'delete-account', true, 'readwrite'),
  r('PUT', '/api/users', 'update-user', true, 'readwrite'),
  r('PUT', '/api/users/email', 'change-email', true, 'readwrite'),
  r('PUT', '/api/users/password', 'change-password', true, 'readwrite'),
  r('POST', '/api/confirmemail', 'resend-confirmation', true, 'readwrite'),
  r('POST', '/api/forgotpassword', 'forgot-password', false, 'readwrite'),
  r('PUT', '/api/resetpassword', 'reset-password', false, 'readwrite'),
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
];

/**
 * Functions that no HTTP route calls, each run on a schedule (EventBridge on AWS, a timer locally):
 * the demo reset, and the sweep that completes pending project and account deletions.
 */
export const JOBS = [
  { handler: 'reset-demo', scheduleMinutes: 60 },
  { handler: 'finish-deletions', scheduleMinutes: 5 },
] as const;

export interface RouteMatch {
  route: RouteDefinition;
  pathParameters: Record<string, string>;
}

const compiled = ROUTES.map((route) => {
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
