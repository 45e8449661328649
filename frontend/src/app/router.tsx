import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { ROUTES, routePath } from '../lib/paths';
import { AppLayout } from './layout/AppLayout';
import { RequireAuth } from './layout/RequireAuth';
import { RouteError } from './layout/RouteError';
import { trackingRoutes } from './tracking-routes';

type PageModule = Record<string, unknown>;

/** A lazy route whose module exports the screen under `name`: each screen is its own chunk. */
function page<M extends PageModule>(load: () => Promise<M>, name: keyof M & string) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

const start = page(() => import('../features/auth/StartPage'), 'StartPage');

/**
 * Every route of the SPA. Paths match case-insensitively (react-router's default), so
 * /confirmEmail/:token and /confirmemail/:token are one route, and so are /home and /Home.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    HydrateFallback: () => <Spinner />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: start },
      { path: routePath(ROUTES.home), lazy: start },
      { path: routePath(ROUTES.login), lazy: start },
      { path: routePath(ROUTES.demo), lazy: page(() => import('../features/auth/DemoPage'), 'DemoPage') },
      {
        path: routePath(ROUTES.signup),
        lazy: page(() => import('../features/auth/SignupPage'), 'SignupPage'),
      },
      {
        path: routePath(ROUTES.forgotPassword),
        lazy: page(() => import('../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage'),
      },
      {
        path: routePath(ROUTES.resetPassword),
        lazy: page(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage'),
      },
      {
        path: routePath(ROUTES.confirmEmail),
        lazy: page(() => import('../features/auth/ConfirmEmailPage'), 'ConfirmEmailPage'),
      },
      {
        path: routePath(ROUTES.undoEmailChange),
        lazy: page(() => import('../features/auth/UndoEmailChangePage'), 'UndoEmailChangePage'),
      },
      {
        path: routePath(ROUTES.unsubscribe),
        lazy: page(() => import('../features/projects/routes/UnsubscribePage'), 'UnsubscribePage'),
      },
      {
        path: routePath(ROUTES.loggedOut),
        lazy: page(() => import('../features/auth/LoggedOutPage'), 'LoggedOutPage'),
      },
      {
        path: routePath(ROUTES.impressum),
        lazy: page(() => import('../features/pages/ImpressumPage'), 'ImpressumPage'),
      },
      {
        path: routePath(ROUTES.privacy),
        lazy: page(() => import('../features/pages/PrivacyPage'), 'PrivacyPage'),
      },
      { path: routePath(ROUTES.terms), lazy: page(() => import('../features/pages/TermsPage'), 'TermsPage') },
      {
        path: routePath(ROUTES.changelog),
        lazy: page(() => import('../features/pages/ChangelogPage'), 'ChangelogPage'),
      },
      {
        path: routePath(ROUTES.tutorial),
        lazy: page(() => import('../features/pages/TutorialPage'), 'TutorialPage'),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: routePath(ROUTES.settings),
            lazy: page(() => import('../features/settings/SettingsPage'), 'SettingsPage'),
          },
          {
            path: routePath(ROUTES.clients),
            lazy: page(() => import('../features/billing/routes/ClientsPage'), 'ClientsPage'),
          },
          {
            path: routePath(ROUTES.reports),
            lazy: page(() => import('../features/billing/routes/ReportsPage'), 'ReportsPage'),
          },
          {
            path: routePath(ROUTES.invoices),
            lazy: page(() => import('../features/invoices/routes/InvoicesPage'), 'InvoicesPage'),
          },
          {
            path: routePath(ROUTES.invoice),
            lazy: page(() => import('../features/invoices/routes/InvoicePage'), 'InvoicePage'),
          },
          {
            path: routePath(ROUTES.importData),
            lazy: page(() => import('../features/import/ImportPage'), 'ImportPage'),
          },
          // A prefix route in the specification: /subscribe/anything shows the same page.
          {
            path: `${routePath(ROUTES.subscribe)}/*`,
            lazy: page(() => import('../features/subscribe/SubscribePage'), 'SubscribePage'),
          },
          // Recurring expenses (CONTRACT §9).
          {
            path: routePath(ROUTES.recurringExpenses),
            lazy: page(
              () => import('../features/recurring/routes/RecurringExpensesPage'),
              'RecurringExpensesPage',
            ),
          },
          ...trackingRoutes,
          // The tax period (issue 38).
          {
            path: routePath(ROUTES.tax),
            lazy: page(() => import('../features/tax/routes/TaxPage'), 'TaxPage'),
          },
          // The seller's details on invoices, a settings page of its own (issue 36).
          {
            path: routePath(ROUTES.invoiceDetails),
            lazy: page(() => import('../features/invoices/routes/InvoiceDetailsPage'), 'InvoiceDetailsPage'),
          },
        ],
      },
      { path: '*', lazy: page(() => import('../features/pages/NotFoundPage'), 'NotFoundPage') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
