/**
 * Every route pattern of the SPA, written once: the router mounts these (`app/router.tsx`,
 * `app/tracking-routes.tsx`), screens read their parameter by the pattern (`useRouteParam`), and
 * links are made from them (`paths`), never from string literals, so a renamed route breaks the
 * build instead of a link. A pattern has at most one parameter.
 */
export const ROUTES = {
  start: '/',
  home: '/home',
  login: '/login',
  demo: '/demo',
  signup: '/signup',
  forgotPassword: '/forgotpassword',
  resetPassword: '/resetpassword/:token',
  confirmEmail: '/confirmemail/:token',
  undoEmailChange: '/undoemailchange/:token',
  unsubscribe: '/unsubscribe/:token',
  loggedOut: '/loggedout',
  impressum: '/impressum',
  privacy: '/privacy',
  terms: '/terms',
  changelog: '/changelog',
  tutorial: '/tutorial',
  settings: '/settings',
  importData: '/import',
  clients: '/clients',
  reports: '/reports',
  invoices: '/invoices',
  invoice: '/invoices/:id',
  subscribe: '/subscribe',
  dashboard: '/dashboard',
  projects: '/projects',
  projectDetails: '/projectdetails/:projectid',
  newTimeActivity: '/newtimeactivity/:projectid',
  trackTime: '/tracktimeactivity',
  timesheet: '/timesheet',
  timeActivity: '/timeactivity/:timeActivityId',
  newIncomeActivity: '/newincomeactivity/:projectid',
  trackIncome: '/trackincomeactivity',
  newExpenseActivity: '/newexpenseactivity/:projectid',
  trackExpense: '/trackexpenseactivity',
  financeActivity: '/financeactivity/:financeActivityId',
  // Recurring expenses (CONTRACT §9).
  recurringExpenses: '/recurring',
  // The tax period (issue 38).
  tax: '/tax',
  // The seller's details on invoices, a settings page of its own (issue 36).
  invoiceDetails: '/settings/invoice-details',
} as const;

type Routes = typeof ROUTES;
/** The parameter's name in a pattern, e.g. `projectid` in `/projectdetails/:projectid`. */
export type ParamOf<P extends string> = P extends `${string}:${infer Name}` ? Name : never;

/** A pattern's path as a route below the app's layout (react-router's relative form). */
export const routePath = (pattern: Routes[keyof Routes]): string => pattern.slice(1);

/** The link to a pattern with its parameter filled in, percent-encoded. */
const fill =
  (pattern: string) =>
  (value: string): string =>
    pattern.replace(/:\w+/, encodeURIComponent(value));

/** Links to every route: a plain path, or a function of the route's one parameter. */
export const paths = Object.fromEntries(
  Object.entries(ROUTES).map(([name, pattern]) => [name, pattern.includes(':') ? fill(pattern) : pattern]),
) as { [K in keyof Routes]: ParamOf<Routes[K]> extends never ? Routes[K] : (value: string) => string };

/** localStorage key of the path a signed-out visitor asked for; used once after login. */
export const REDIRECT_KEY = 'redirectPath';

/** Remembers where a signed-out visitor wanted to go. */
export function rememberPath(path: string): void {
  try {
    localStorage.setItem(REDIRECT_KEY, path);
  } catch {
    // Storage can be unavailable (private mode); the visitor then lands on the welcome page.
  }
}

/** Returns the remembered path and forgets it, so it is used exactly once. */
export function takeRememberedPath(): string | null {
  try {
    const path = localStorage.getItem(REDIRECT_KEY);
    localStorage.removeItem(REDIRECT_KEY);
    // Only same-origin app paths: a stored '//evil.example' must not become an open redirect.
    return path?.startsWith('/') && !path.startsWith('//') ? path : null;
  } catch {
    return null;
  }
}
