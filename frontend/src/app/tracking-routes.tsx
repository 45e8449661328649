import type { RouteObject } from 'react-router-dom';
import { ROUTES, routePath } from '../lib/paths';

/**
 * Signed-in routes of the tracking features (projects, activities, dashboard). The app router
 * mounts these inside the signed-in layout.
 *
 * Each route is ONE lazy module, and the app is the one place that composes features (features never
 * import each other): `./routes/` holds the composed screens — the entry forms get the projects
 * feature's picker, the details page gets the charts and the activity lists, the dashboard gets its
 * charts, budgets and tax card. One module per route rather than the parts imported side by side:
 * esbuild splits shared code into a chunk per set of lazy modules that share it, so each extra lazy
 * part multiplied the small chunks a screen waits for (the dashboard asked for 14).
 */

const projectsPage = async () => {
  const { ProjectsPage } = await import('../features/projects/routes/ProjectsPage');
  return { Component: ProjectsPage };
};

const trackFinancePage = (kind: 'income' | 'expense') => async () => {
  const { TrackFinanceRoute } = await import('./routes/track-finance');
  return { Component: () => <TrackFinanceRoute kind={kind} /> };
};

export const trackingRoutes: RouteObject[] = [
  { path: routePath(ROUTES.timesheet), lazy: () => import('./routes/timesheet') },
  { path: routePath(ROUTES.dashboard), lazy: () => import('./routes/dashboard') },
  { path: routePath(ROUTES.projects), lazy: projectsPage },
  { path: routePath(ROUTES.projectDetails), lazy: () => import('./routes/project-details') },
  { path: routePath(ROUTES.trackTime), lazy: () => import('./routes/track-time') },
  { path: routePath(ROUTES.newTimeActivity), lazy: () => import('./routes/track-time') },
  { path: routePath(ROUTES.timeActivity), lazy: () => import('./routes/edit-time') },
  { path: routePath(ROUTES.trackIncome), lazy: trackFinancePage('income') },
  { path: routePath(ROUTES.newIncomeActivity), lazy: trackFinancePage('income') },
  { path: routePath(ROUTES.trackExpense), lazy: trackFinancePage('expense') },
  { path: routePath(ROUTES.newExpenseActivity), lazy: trackFinancePage('expense') },
  { path: routePath(ROUTES.financeActivity), lazy: () => import('./routes/edit-finance') },
];
