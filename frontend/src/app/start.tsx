import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { mutate } from 'swr';
import { getToken } from '@/lib/api';
import { USER_KEY } from '@/lib/auth';
import { nextTask } from '@/lib/next-task';
import { App } from './App';
import { loadQuickEntryBar } from './layout/quick-entry-chunk';
import { startPageViews } from './page-views';
import { type AppRouter, createAppRouter } from './router';

/** Resolves once the router has loaded the first screen's lazy route (its chunk and loaders). */
function routeLoaded(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * Starts the app once its code has arrived: the router first (creating it starts loading the
 * first screen's lazy chunk), then the first frame once the words, the screen's chunk and, for a
 * returning user, the session and the quick-entry bar's chunk are there (all asked for at the same
 * time). So the first frame is drawn once, whole, instead of a spinner that the session's answer
 * replaces with the shell and the screen in one long, uninterruptible render; and it is drawn as a
 * transition, which React renders in slices that leave the main thread free between them.
 */
export async function startApp(words: Promise<unknown>, session: Promise<unknown>): Promise<void> {
  const router = createAppRouter();
  // Creating the router matched the address and asked for the screen's chunks; the quick-entry
  // bar's are asked for in a task of its own.
  await nextTask();
  const bar = getToken() === null ? undefined : loadQuickEntryBar().catch(() => undefined);
  const [, , user] = await Promise.all([words, bar, session, routeLoaded(router)]);
  // The session's answer in SWR's cache, so the session provider starts with it (its own request
  // takes the same preloaded answer: nothing is asked twice).
  if (user) await mutate(USER_KEY, user, { revalidate: false });
  const root = document.getElementById('root');
  if (!root) return;
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
  // After the first frame: counting page views must never delay the app.
  void startPageViews(router);
}
