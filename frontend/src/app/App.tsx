import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router-dom';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ToastProvider } from '../components/Toast';
import { fetcher } from '../lib/api-client';
import { AuthProvider } from '../lib/auth';
import { ThemeProvider } from '../lib/theme';
import { LanguageSync } from './LanguageSync';
import type { AppRouter } from './router';

/** Theme, data (SWR keyed by API path), session and toasts: everything a screen may rely on. */
export function AppProviders({ children, swr }: { children: ReactNode; swr?: SWRConfiguration }) {
  return (
    <ThemeProvider>
      <SWRConfig value={{ fetcher, ...swr }}>
        <AuthProvider>
          <LanguageSync />
          <ToastProvider>{children}</ToastProvider>
        </AuthProvider>
      </SWRConfig>
    </ThemeProvider>
  );
}

export function App({ router }: { router: AppRouter }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
