/**
 * Every route of the SPA in one typed module: screens link with these, never with string literals,
 * so a renamed route breaks the build instead of a link.
 */
const id = (value: string) => encodeURIComponent(value);

export const paths = {
  start: '/',
  home: '/home',
  login: '/login',
  demo: '/demo',
  signup: '/signup',
  forgotPassword: '/forgotpassword',
  resetPassword: (token: string) => `/resetpassword/${id(token)}`,
  confirmEmail: (token: string) => `/confirmemail/${id(token)}`,
  loggedOut: '/loggedout',
  impressum: '/impressum',
  privacy: '/privacy',
  terms: '/terms',
  changelog: '/changelog',
  tutorial: '/tutorial',
  settings: '/settings',
  importData: '/import',
  subscribe: '/subscribe',
  dashboard: '/dashboard',
  projects: '/projects',
  projectDetails: (projectId: string) => `/projectdetails/${id(projectId)}`,
  newTimeActivity: (projectId: string) => `/newtimeactivity/${id(projectId)}`,
  trackTime: '/tracktimeactivity',
  timesheet: '/timesheet',
  timeActivity: (timeActivityId: string) => `/timeactivity/${id(timeActivityId)}`,
  newIncomeActivity: (projectId: string) => `/newincomeactivity/${id(projectId)}`,
  trackIncome: '/trackincomeactivity',
  newExpenseActivity: (projectId: string) => `/newexpenseactivity/${id(projectId)}`,
  trackExpense: '/trackexpenseactivity',
  financeActivity: (financeActivityId: string) => `/financeactivity/${id(financeActivityId)}`,
} as const;

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
