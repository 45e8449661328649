import type { AppRouter } from './router';

/** What the operator's deployment tells the SPA (`/config.json`, written by the stack or the local server). */
export interface WebConfig {
  /** Where page views go; null when the operator has not turned them on (the default). */
  analyticsUrl: string | null;
}

/**
 * Reads `/config.json` and, when the operator configured an endpoint, loads the code that counts
 * page views and starts counting.
 */
export async function startPageViews(router: AppRouter): Promise<void> {
  try {
    const res = await fetch('/config.json', { credentials: 'omit' });
    if (!res.ok) return;
    const config = (await res.json()) as Partial<WebConfig>;
    if (typeof config.analyticsUrl === 'string' && config.analyticsUrl) {
      const { trackPageViews } = await import('./page-view-tracking');
      trackPageViews(router, config.analyticsUrl);
    }
  } catch {
    // No configuration, no counting.
  }
}
