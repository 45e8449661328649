import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { type Surface, securityHeadersOf } from '../web-headers';

const FRAME_OPTIONS = {
  DENY: cloudfront.HeadersFrameOption.DENY,
  SAMEORIGIN: cloudfront.HeadersFrameOption.SAMEORIGIN,
} as const;
const REFERRER_POLICIES = {
  'strict-origin-when-cross-origin': cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
  'no-referrer': cloudfront.HeadersReferrerPolicy.NO_REFERRER,
} as const;

/** A surface's headers (web-headers.ts, which the local server sends too) as a CloudFront policy. */
export function responseHeadersPolicyOf(
  surface: Surface,
  analyticsUrl?: string,
  fileOrigins: readonly string[] = [],
): Pick<cloudfront.ResponseHeadersPolicyProps, 'securityHeadersBehavior' | 'corsBehavior'> {
  const h = securityHeadersOf(surface, analyticsUrl, fileOrigins);
  return {
    securityHeadersBehavior: {
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(h.hstsMaxAgeSeconds),
        includeSubdomains: true,
        override: true,
      },
      contentTypeOptions: { override: true },
      ...(h.frameOptions
        ? { frameOptions: { frameOption: FRAME_OPTIONS[h.frameOptions], override: true } }
        : {}),
      ...(h.referrerPolicy
        ? { referrerPolicy: { referrerPolicy: REFERRER_POLICIES[h.referrerPolicy], override: true } }
        : {}),
      ...(h.contentSecurityPolicy
        ? { contentSecurityPolicy: { contentSecurityPolicy: h.contentSecurityPolicy, override: true } }
        : {}),
    },
    ...(h.cors
      ? {
          corsBehavior: {
            accessControlAllowOrigins: ['*'],
            accessControlAllowMethods: [...h.cors.allowMethods],
            accessControlAllowHeaders: ['*'],
            accessControlAllowCredentials: false,
            accessControlMaxAge: Duration.seconds(h.cors.maxAgeSeconds),
            originOverride: true,
          },
        }
      : {}),
  };
}
