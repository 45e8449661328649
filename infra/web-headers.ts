/**
 * The response headers, compression and caching of everything the product serves, defined once.
 * The CDK stack turns them into CloudFront response-headers policies, cache behaviours and S3
 * `Cache-Control` metadata; the local server sends exactly the same headers and compresses and
 * caches the same way, so a local run behaves like production. Plain data: the local server must
 * not load aws-cdk-lib.
 */

/** What CloudFront serves, by cache behaviour: the SPA (default), `/embed/*`, `/api/*` and `/api/embed/*`. */
export type Surface = 'app' | 'embed' | 'api' | 'embedApi';

export interface SecurityHeaders {
  /** `Strict-Transport-Security: max-age=…; includeSubDomains` (browsers ignore it over plain HTTP). */
  hstsMaxAgeSeconds: number;
  /** `X-Content-Type-Options: nosniff`. */
  nosniff: true;
  frameOptions?: 'DENY' | 'SAMEORIGIN';
  referrerPolicy?: 'strict-origin-when-cross-origin' | 'no-referrer';
  contentSecurityPolicy?: string;
  /** Open CORS: the embed bundle is loaded by pages on any site. */
  cors?: { allowMethods: readonly ('GET' | 'HEAD' | 'OPTIONS')[]; maxAgeSeconds: number };
}

/**
 * Build outputs that are never served or deployed (the local server answers 404, the stack leaves
 * them out): source maps and esbuild's metafile would hand out the source and its layout.
 */
export const UNPUBLISHED_FILES = ['*.map', 'meta.json'] as const;

/** Whether a request path names an unpublished build output (`UNPUBLISHED_FILES`). */
export function isUnpublished(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  return name.endsWith('.map') || name === 'meta.json';
}

/**
 * The example host page of the embed: a page of the product's own origin that signs in to the
 * demo, so it is served with the app's headers (CSP, framing) rather than the bundle's open ones.
 */
export const EMBED_EXAMPLE_PATH = '/embed/example.html';

/** Two years, as hstspreload.org asks. */
const HSTS_MAX_AGE_SECONDS = 730 * 24 * 3600;

/**
 * The app's CSP. The page calls its own origin; a configured page-view endpoint (`analyticsUrl`);
 * and the origins of the file buckets (`fileOrigins`), where the browser PUTs a receipt through its
 * presigned URL and reads the files of the account export (CONTRACT §9 "Receipts").
 */
export function appCsp(analyticsUrl?: string, fileOrigins: readonly string[] = []): string {
  const others = [...(analyticsUrl ? [new URL(analyticsUrl).origin] : []), ...fileOrigins];
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Charts (victory) and React set inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    ['connect-src', "'self'", ...others].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const APP_CSP = appCsp();

/** JSON answers load nothing and are never framed. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'";

const API: SecurityHeaders = {
  hstsMaxAgeSeconds: HSTS_MAX_AGE_SECONDS,
  nosniff: true,
  frameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  contentSecurityPolicy: API_CSP,
};

/**
 * The security headers per surface. The embed bundle and the embed API are fetched by other sites'
 * pages, so they carry no frame or referrer rule that would bind those pages; the embed API sets
 * its own CORS headers in its handler.
 */
export const SECURITY_HEADERS: Readonly<Record<Surface, SecurityHeaders>> = {
  app: {
    hstsMaxAgeSeconds: HSTS_MAX_AGE_SECONDS,
    nosniff: true,
    frameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    contentSecurityPolicy: APP_CSP,
  },
  embed: {
    hstsMaxAgeSeconds: HSTS_MAX_AGE_SECONDS,
    nosniff: true,
    cors: { allowMethods: ['GET', 'HEAD', 'OPTIONS'], maxAgeSeconds: 24 * 3600 },
  },
  api: API,
  embedApi: API,
};

/**
 * Whether answers are compressed (gzip or brotli, as the client accepts). The API is not: its cache
 * policy is CloudFront's CachingDisabled, which cannot normalise `Accept-Encoding`; the embed API
 * has a cache policy of its own that does.
 */
export const COMPRESSED: Readonly<Record<Surface, boolean>> = {
  app: true,
  embed: true,
  api: false,
  embedApi: true,
};

/** CloudFront compresses bodies from 1,000 bytes to 10 MB, of these types only. */
export const COMPRESSION = {
  minBytes: 1000,
  maxBytes: 10 * 1024 * 1024,
  types: /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml|image\/x-icon)/,
} as const;

/** Every file the SPA build writes under `assets/` has a content hash in its name. */
export const HASHED_ASSET_PREFIX = 'assets/';

/** `Cache-Control` of each kind of file, as S3 stores it and the local server sends it. */
export const CACHE_CONTROL = {
  /** Content-hashed: a new build gives it a new name, so it never needs revalidating. */
  hashedAsset: 'public, max-age=31536000, immutable',
  /** index.html, robots.txt, favicon.ico: their names stay, so browsers always revalidate. */
  page: 'no-cache',
  /** The embed bundle's name is stable (host pages link it): an hour, then revalidated in the background. */
  embedBundle: 'public, max-age=3600, stale-while-revalidate=86400',
} as const;

/** The `Cache-Control` of a file of the built SPA, by its path relative to the build directory. */
export function appCacheControl(relativePath: string): string {
  return relativePath.startsWith(HASHED_ASSET_PREFIX) ? CACHE_CONTROL.hashedAsset : CACHE_CONTROL.page;
}

/**
 * The headers a response of this surface carries, as CloudFront writes them (every header is set
 * with `override`, so these replace whatever the origin sent). CORS headers are those CloudFront
 * adds to a cross-origin request.
 */
export function responseHeaders(
  surface: Surface,
  analyticsUrl?: string,
  fileOrigins: readonly string[] = [],
): Record<string, string> {
  const policy = securityHeadersOf(surface, analyticsUrl, fileOrigins);
  const headers: Record<string, string> = {
    'strict-transport-security': `max-age=${policy.hstsMaxAgeSeconds}; includeSubDomains`,
    'x-content-type-options': 'nosniff',
  };
  if (policy.frameOptions) headers['x-frame-options'] = policy.frameOptions;
  if (policy.referrerPolicy) headers['referrer-policy'] = policy.referrerPolicy;
  if (policy.contentSecurityPolicy) headers['content-security-policy'] = policy.contentSecurityPolicy;
  if (policy.cors) headers['access-control-allow-origin'] = '*';
  return headers;
}

/**
 * A surface's security headers; the app's CSP admits the page-view endpoint when one is configured,
 * and the file buckets' origins.
 */
export function securityHeadersOf(
  surface: Surface,
  analyticsUrl?: string,
  fileOrigins: readonly string[] = [],
): SecurityHeaders {
  const headers = SECURITY_HEADERS[surface];
  return surface === 'app' && (analyticsUrl || fileOrigins.length > 0)
    ? { ...headers, contentSecurityPolicy: appCsp(analyticsUrl, fileOrigins) }
    : headers;
}

/**
 * The origin of the file buckets' presigned URLs on AWS: the SDK addresses a bucket by its regional
 * virtual-hosted name (`<bucket>.s3.<region>.amazonaws.com`). A wildcard, because naming the
 * buckets would make CloudFront's policy depend on buckets whose CORS rule names CloudFront.
 */
export const awsFileOrigins = (region: string): string[] => [`https://*.s3.${region}.amazonaws.com`];

/** The extra headers of an answer to a CORS preflight (`OPTIONS` with `Access-Control-Request-Method`). */
export function preflightHeaders(surface: Surface): Record<string, string> {
  const cors = SECURITY_HEADERS[surface].cors;
  if (!cors) return {};
  return {
    'access-control-allow-methods': cors.allowMethods.join(', '),
    'access-control-allow-headers': '*',
    'access-control-max-age': String(cors.maxAgeSeconds),
  };
}
