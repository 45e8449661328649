/**
 * `/config.json`, what a deployment tells the SPA at run time (the same build serves every
 * deployment): the stack writes it into the web bucket, the local server answers it from the
 * environment. Its shape is the SPA's `WebConfig` (frontend/src/app/page-views.ts).
 */
export function webConfig(analyticsUrl: string | undefined): { analyticsUrl: string | null } {
  return { analyticsUrl: analyticsUrl || null };
}

/** An endpoint for page views must be an absolute http(s) URL; anything else fails early. */
export function checkAnalyticsUrl(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  }
  return url.href;
}
