// All CSS is imported here: esbuild does not load CSS imported from lazy chunks.
import './styles.css';
import './styles-tracking.css';
import './styles-billing.css';
import './styles-invoices.css';
// The tax period (issue 38).
import './styles-tax.css';
import { preload } from 'swr';
import { rememberedLanguage, startI18n } from './i18n';
import { getToken } from './lib/api';
import { fetcher } from './lib/api-client';
import { USER_KEY } from './lib/auth';
import { nextTask } from './lib/next-task';
import { applyTheme, readDarkMode } from './lib/theme';

// The entry is small and asks at once for what the first frame waits for, all in parallel: the
// session, the words and the app's code (React, the router, the shell; index.html preloads its
// chunks), instead of asking for the first two only after the app's code has run.

// The theme first, so a light-mode user sees no dark frame. (The CSP allows no inline script in
// index.html to do it even earlier.)
applyTheme(readDarkMode());

// A returning user's session (the session provider's request takes this answer; a failure is
// handled there, like any failed request). The first frame waits for it: drawn without it, the
// shell and the screen would be drawn a second time, at once and in one piece, when it arrives.
const signedIn = getToken() !== null;
const session: Promise<unknown> = signedIn
  ? preload(USER_KEY, fetcher).catch(() => undefined)
  : Promise.resolve(undefined);

// i18next and the one catalogue in use.
const words = startI18n(rememberedLanguage());

// The app's code is evaluated in steps, each a task of its own with the main thread free between
// them (a module and everything it imports run in one piece): React DOM, the app's modules, then
// the router and the first screen's chunks.
// The chunks are asked for at once all the same (index.html preloads them). (The router is not
// loaded on its own: imported whole, its unused half would join the first screen.)
await import('react-dom/client');
await nextTask();
const { startApp } = await import('./app/start');
// The app's modules ran in the task that resolved the import: the router starts in the next one.
await nextTask();
await startApp(words, session);
