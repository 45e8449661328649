import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getToken } from '@/lib/api';
import { App } from './App';
import { loadQuickEntryBar } from './layout/quick-entry-chunk';
import { startPageViews } from './page-views';
import { createAppRouter } from './router';

/**
 * Starts the app once its code has arrived: the router first (creating it starts loading the
 * first screen's lazy chunk), then the first frame as soon as the words are there, and for a
 * returning user the quick-entry bar's chunk (asked for at the same time).
 */
export async function startApp(words: Promise<unknown>): Promise<void> {
  const router = createAppRouter();
  const bar = getToken() === null ? undefined : loadQuickEntryBar().catch(() => undefined);
  await Promise.all([words, bar]);
  const root = document.getElementById('root');
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  // After the first frame: counting page views must never delay the app.
  void startPageViews(router);
}
