import { createHash, timingSafeEqual } from 'node:crypto';
import { config } from './config';

/** Compares a secret in constant time, whatever the lengths. */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/**
 * Whether a request came through CloudFront. On AWS (`ORIGIN_VERIFY` set) CloudFront adds the
 * secret `x-origin-verify` header to every API request; a request without it went around
 * CloudFront (straight to the execute-api URL or the API's own domain) and so around its headers,
 * caching and TLS policy. Off AWS there is no CloudFront and every request counts as coming through.
 */
export function cameThroughCloudFront(
  headers: Record<string, string | undefined>,
  originVerify: string | undefined = config.originVerify,
): boolean {
  return !originVerify || sameSecret(headers['x-origin-verify'], originVerify);
}
