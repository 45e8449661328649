// All CSS is imported here: esbuild does not load CSS imported from lazy chunks.
import './styles.css';
import './styles-tracking.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preload } from 'swr';
import { App } from './app/App';
import { startPageViews } from './app/page-views';
import { createAppRouter } from './app/router';
import { initialLanguage, startI18n } from './i18n';
import { fetcher, getToken } from './lib/api';
import { applyTheme, readDarkMode, USER_KEY } from './lib/auth';

// The theme before the first render, so a light-mode user sees no dark frame. (The CSP allows no
// inline script in index.html to do it even earlier.)
applyTheme(readDarkMode());

// A returning user's session is asked for now, while the words and the first screen load, instead
// of after the first render (the session provider's request takes this answer). A failure is
// handled there, like any failed request.
const signedIn = getToken() !== null;
if (signedIn) preload(USER_KEY, fetcher).catch(() => undefined);

// The router first: creating it starts loading the first screen's lazy chunk, which then arrives
// in parallel with the words instead of after them.
const router = createAppRouter();

// The words come before the first frame: i18next and the one catalogue in use load in parallel.
await startI18n(initialLanguage(signedIn));

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
  // After the first frame: counting page views must never delay the app.
  void startPageViews(router);
}
