import type { AppRouter } from './router';

/**
 * Counting page views, once the operator has turned it on (`page-views.ts` reads `/config.json`
 * and loads this module only then: the first screen, and every app where counting is off, go
 * without it).
 */

type RouterState = AppRouter['state'];

/**
 * The page's route pattern, e.g. `/projectdetails/:projectid`: the path without ids, tokens or
 * anything typed into the address bar (an unknown path is `/*`).
 */
export function pageViewPath(state: Pick<RouterState, 'matches'>): string {
  const parts = state.matches.map((m) => m.route.path).filter((p): p is string => Boolean(p));
  return `/${parts.join('/')}`.replace(/\/+/g, '/');
}

/**
 * Sends one page view per route change to the configured endpoint: a POST of `{"path": …}` as
 * text/plain (no CORS preflight), `keepalive` so leaving the page does not cancel it, and
 * `credentials: 'omit'`, so no cookie ever goes along (`sendBeacon` would send the endpoint's).
 * Nothing else: no user, no referrer beyond what the browser's referrer policy allows, no id.
 */
export function trackPageViews(router: AppRouter, url: string, send: typeof fetch = fetch): () => void {
  let last: string | undefined;
  const report = (state: RouterState) => {
    if (state.navigation.state !== 'idle' || state.location.key === last) return;
    last = state.location.key;
    send(url, {
      method: 'POST',
      keepalive: true,
      credentials: 'omit',
      mode: 'no-cors',
      referrerPolicy: 'no-referrer',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ path: pageViewPath(state) }),
    }).catch(() => {
      // Counting is never worth an error on screen.
    });
  };
  report(router.state);
  return router.subscribe(report);
}
