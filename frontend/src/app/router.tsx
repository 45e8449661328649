import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
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
      { path: 'home', lazy: start },
      { path: 'login', lazy: start },
      { path: 'demo', lazy: page(() => import('../features/auth/DemoPage'), 'DemoPage') },
      { path: 'signup', lazy: page(() => import('../features/auth/SignupPage'), 'SignupPage') },
      {
        path: 'forgotpassword',
        lazy: page(() => import('../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage'),
      },
      {
        path: 'resetpassword/:token',
        lazy: page(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage'),
      },
      {
        path: 'confirmemail/:token',
        lazy: page(() => import('../features/auth/ConfirmEmailPage'), 'ConfirmEmailPage'),
      },
      { path: 'loggedout', lazy: page(() => import('../features/auth/LoggedOutPage'), 'LoggedOutPage') },
      { path: 'impressum', lazy: page(() => import('../features/pages/ImpressumPage'), 'ImpressumPage') },
      { path: 'privacy', lazy: page(() => import('../features/pages/PrivacyPage'), 'PrivacyPage') },
      { path: 'terms', lazy: page(() => import('../features/pages/TermsPage'), 'TermsPage') },
      { path: 'changelog', lazy: page(() => import('../features/pages/ChangelogPage'), 'ChangelogPage') },
      { path: 'tutorial', lazy: page(() => import('../features/pages/TutorialPage'), 'TutorialPage') },
      {
        element: <RequireAuth />,
        children: [
          { path: 'settings', lazy: page(() => import('../features/settings/SettingsPage'), 'SettingsPage') },
          { path: 'import', lazy: page(() => import('../features/import/ImportPage'), 'ImportPage') },
          // A prefix route in the specification: /subscribe/anything shows the same page.
          {
            path: 'subscribe/*',
            lazy: page(() => import('../features/subscribe/SubscribePage'), 'SubscribePage'),
          },
          ...trackingRoutes,
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
