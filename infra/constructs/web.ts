import { join } from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { Settings } from '../settings';
import { awsFileOrigins, COMPRESSED, EMBED_EXAMPLE_PATH, type Surface } from '../web-headers';
import { acknowledge } from './api-function';
import { Room } from './room';
import { deployWeb } from './web-deploy';
import { responseHeadersPolicyOf } from './web-policies';

/** The CloudFront Function of the SPA's history fallback (also applied by the local server). */
export const SPA_FALLBACK_FILE = join(import.meta.dirname, '..', 'spa-fallback.js');

export interface WebProps {
  settings: Pick<Settings, 'domainName' | 'certificateArn' | 'analyticsUrl'>;
  /** The host CloudFront reaches the API by, and the header value that vouches for CloudFront there. */
  api: { host: string; originVerifyValue: string };
  /** Built browser code to upload; a missing directory is skipped (run `npm run build` first). */
  assets?: { app?: string; embed?: string };
}

/**
 * S3 and CloudFront: the SPA, the embed bundle and `/api/*` on one domain, each behaviour with the
 * headers of `web-headers.ts` (which the local server sends too), and the built files uploaded.
 */
export class WebAndCdn extends Room {
  readonly distribution: cloudfront.Distribution;
  readonly bucket: s3.Bucket;
  /** S3's and CloudFront's access logs (the files' buckets log here too). */
  readonly logsBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const { settings } = props;
    const logsBucket = this.makeLogsBucket();
    this.logsBucket = logsBucket;
    this.bucket = new s3.Bucket(this, 'Web', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      serverAccessLogsBucket: logsBucket,
      serverAccessLogsPrefix: 's3/',
    });
    const certificate = settings.certificateArn
      ? Certificate.fromCertificateArn(this, 'Certificate', settings.certificateArn)
      : undefined;
    const policies = this.makePolicies(settings.analyticsUrl);
    const s3Origin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket);
    this.distribution = new cloudfront.Distribution(this, 'Cdn', {
      comment: 'Timeledger: SPA, embed bundle and /api on one domain',
      defaultRootObject: 'index.html',
      ...(settings.domainName && certificate
        ? {
            domainNames: [settings.domainName],
            certificate,
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      priceClass: cloudfront.PriceClass.PRICE_CLASS_ALL,
      enableLogging: true,
      logBucket: logsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: s3Origin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: policies.appHeaders,
        compress: COMPRESSED.app,
        functionAssociations: [
          { function: policies.spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: this.additionalBehaviors(s3Origin, props.api, policies),
    });
    acknowledgeCdn(this.distribution, certificate !== undefined);
    deployWeb(this, this, props.assets, settings.analyticsUrl);
  }

  /** The bucket of S3's and CloudFront's access logs, kept 90 days. */
  private makeLogsBucket(): s3.Bucket {
    const logsBucket = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      // CloudFront's standard logs are delivered with an ACL.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
    });
    acknowledge(logsBucket, [
      {
        id: 'AwsSolutions-S1',
        reason: 'This is the access-log bucket itself; logging it into itself would loop.',
      },
    ]);
    return logsBucket;
  }

  /** The response-headers and cache policies of the behaviours, and the history-fallback function. */
  private makePolicies(analyticsUrl: string | undefined) {
    const headersPolicy = (id: string, surface: Surface, comment: string) =>
      new cloudfront.ResponseHeadersPolicy(this, id, {
        comment,
        ...responseHeadersPolicyOf(surface, analyticsUrl, awsFileOrigins(Stack.of(this).region)),
      });
    return {
      appHeaders: headersPolicy('AppHeaders', 'app', 'Timeledger app: security headers'),
      apiHeaders: headersPolicy('ApiHeaders', 'api', 'Timeledger API: security headers'),
      embedHeaders: headersPolicy('EmbedHeaders', 'embed', 'Timeledger embed bundle: loadable from any site'),
      embedCache: new cloudfront.CachePolicy(this, 'EmbedCache', {
        comment: 'Timeledger embed bundle: long-lived at the edge, invalidated on deploy',
        defaultTtl: Duration.days(1),
        maxTtl: Duration.days(365),
        minTtl: Duration.seconds(0),
        enableAcceptEncodingGzip: COMPRESSED.embed,
        enableAcceptEncodingBrotli: COMPRESSED.embed,
      }),
      // The embed endpoint sets its own `cache-control`; only the query (date range) varies the answer.
      embedApiCache: new cloudfront.CachePolicy(this, 'EmbedApiCache', {
        comment: 'Timeledger embed API: honour the origin cache-control',
        defaultTtl: Duration.seconds(0),
        minTtl: Duration.seconds(0),
        maxTtl: Duration.days(1),
        queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
        headerBehavior: cloudfront.CacheHeaderBehavior.none(),
        cookieBehavior: cloudfront.CacheCookieBehavior.none(),
        enableAcceptEncodingGzip: COMPRESSED.embedApi,
        enableAcceptEncodingBrotli: COMPRESSED.embedApi,
      }),
      spaFallback: new cloudfront.Function(this, 'SpaFallback', {
        comment: 'History fallback: app routes get /index.html, built files stay',
        code: cloudfront.FunctionCode.fromFile({ filePath: SPA_FALLBACK_FILE }),
        runtime: cloudfront.FunctionRuntime.JS_2_0,
      }),
    };
  }

  /** `/api/embed/*` (cached as the endpoint says), `/api/*` (never cached) and `/embed/*`. */
  private additionalBehaviors(
    s3Origin: cloudfront.IOrigin,
    api: WebProps['api'],
    policies: ReturnType<WebAndCdn['makePolicies']>,
  ): Record<string, cloudfront.BehaviorOptions> {
    const apiOrigin = new origins.HttpOrigin(api.host, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: { 'x-origin-verify': api.originVerifyValue },
    });
    const apiBehavior: cloudfront.BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // x-auth-token and every other viewer header; Host must stay API Gateway's own.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: policies.apiHeaders,
      compress: COMPRESSED.api,
    };
    return {
      '/api/embed/*': {
        ...apiBehavior,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: policies.embedApiCache,
        compress: COMPRESSED.embedApi,
      },
      '/api/*': apiBehavior,
      // The example host page signs in to the demo on our own origin: the app's headers, CSP included.
      [EMBED_EXAMPLE_PATH]: {
        origin: s3Origin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: policies.embedCache,
        responseHeadersPolicy: policies.appHeaders,
        compress: COMPRESSED.app,
      },
      '/embed/*': {
        origin: s3Origin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
        cachePolicy: policies.embedCache,
        responseHeadersPolicy: policies.embedHeaders,
        compress: COMPRESSED.embed,
      },
    };
  }
}

/** The distribution's cdk-nag findings we accept, each with its reason. */
function acknowledgeCdn(distribution: cloudfront.Distribution, hasCertificate: boolean): void {
  const suppressions = [
    {
      id: 'AwsSolutions-CFR1',
      reason: 'The product serves users worldwide; there is no country to block.',
    },
    {
      id: 'AwsSolutions-CFR2',
      reason:
        'No WAF (about 5 USD/month plus requests): abuse limits (login, signup, reset) are enforced in the API and the stage is throttled.',
    },
  ];
  if (!hasCertificate) {
    suppressions.push({
      id: 'AwsSolutions-CFR4',
      reason:
        'Without a custom domain CloudFront serves its default *.cloudfront.net certificate, whose TLS policy cannot be set; with domainName/certificateArn the distribution enforces TLSv1.2_2021.',
    });
  }
  acknowledge(distribution, suppressions);
}
