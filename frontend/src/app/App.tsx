import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ToastProvider } from '../components/Toast';
import { fetcher } from '../lib/api';
import { AuthProvider } from '../lib/auth';
import { LanguageSync } from './LanguageSync';
import type { AppRouter } from './router';

/** Data (SWR keyed by API path), session and toasts: everything a screen may rely on. */
export function AppProviders({ children, swr }: { children: ReactNode; swr?: SWRConfiguration }) {
  return (
    <SWRConfig value={{ fetcher, ...swr }}>
      <AuthProvider>
        <LanguageSync />
        <ToastProvider>{children}</ToastProvider>
      </AuthProvider>
    </SWRConfig>
  );
}

export function App({ router }: { router: AppRouter }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
