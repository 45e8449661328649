import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startPageViews } from './page-views';
import { createAppRouter } from './router';

/**
 * Starts the app once its code has arrived: the router first (creating it starts loading the
 * first screen's lazy chunk), then the first frame as soon as the words are there.
 */
export async function startApp(words: Promise<unknown>): Promise<void> {
  const router = createAppRouter();
  await words;
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
