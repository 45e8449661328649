import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type CfnElement, Duration, Stack, Token } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import type { Settings } from '../settings';
import { webConfig } from '../web-config';
import {
  appCacheControl,
  CACHE_CONTROL,
  COMPRESSED,
  HASHED_ASSET_PREFIX,
  type Surface,
  securityHeadersOf,
} from '../web-headers';
import { acknowledge } from './api-function';
import { Room } from './room';

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

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const { settings } = props;

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
    const headersPolicy = (id: string, surface: Surface, comment: string) =>
      new cloudfront.ResponseHeadersPolicy(this, id, {
        comment,
        ...responseHeadersPolicyOf(surface, settings.analyticsUrl),
      });
    const appHeaders = headersPolicy('AppHeaders', 'app', 'Timeledger app: security headers');
    const apiHeaders = headersPolicy('ApiHeaders', 'api', 'Timeledger API: security headers');
    const embedHeaders = headersPolicy(
      'EmbedHeaders',
      'embed',
      'Timeledger embed bundle: loadable from any site',
    );
    const embedCache = new cloudfront.CachePolicy(this, 'EmbedCache', {
      comment: 'Timeledger embed bundle: long-lived at the edge, invalidated on deploy',
      defaultTtl: Duration.days(1),
      maxTtl: Duration.days(365),
      minTtl: Duration.seconds(0),
      enableAcceptEncodingGzip: COMPRESSED.embed,
      enableAcceptEncodingBrotli: COMPRESSED.embed,
    });
    // The embed endpoint sets its own `cache-control`; only the query (date range) varies the answer.
    const embedApiCache = new cloudfront.CachePolicy(this, 'EmbedApiCache', {
      comment: 'Timeledger embed API: honour the origin cache-control',
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.days(1),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: COMPRESSED.embedApi,
      enableAcceptEncodingBrotli: COMPRESSED.embedApi,
    });
    const spaFallback = new cloudfront.Function(this, 'SpaFallback', {
      comment: 'History fallback: app routes get /index.html, built files stay',
      code: cloudfront.FunctionCode.fromFile({ filePath: SPA_FALLBACK_FILE }),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    const s3Origin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket);
    const apiOrigin = new origins.HttpOrigin(props.api.host, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: { 'x-origin-verify': props.api.originVerifyValue },
    });
    const apiBehavior: cloudfront.BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // x-auth-token and every other viewer header; Host must stay API Gateway's own.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: apiHeaders,
      compress: COMPRESSED.api,
    };
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
        responseHeadersPolicy: appHeaders,
        compress: COMPRESSED.app,
        functionAssociations: [
          { function: spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        '/api/embed/*': {
          ...apiBehavior,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
          cachePolicy: embedApiCache,
          compress: COMPRESSED.embedApi,
        },
        '/api/*': apiBehavior,
        '/embed/*': {
          origin: s3Origin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
          cachePolicy: embedCache,
          responseHeadersPolicy: embedHeaders,
          compress: COMPRESSED.embed,
        },
      },
    });
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
    if (!certificate) {
      suppressions.push({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain CloudFront serves its default *.cloudfront.net certificate, whose TLS policy cannot be set; with domainName/certificateArn the distribution enforces TLSv1.2_2021.',
      });
    }
    acknowledge(this.distribution, suppressions);
    this.deploy(props.assets, settings.analyticsUrl);
  }

  /** Uploads what has been built (a missing directory is skipped). */
  private deploy(assets: WebProps['assets'], analyticsUrl: string | undefined): void {
    const app = assets?.app;
    const embed = assets?.embed;
    if (app && existsSync(app)) {
      // Source maps stay on the build machine: published, they would hand out the app's source.
      const built = Source.asset(app, { exclude: ['meta.json', '*.map'] });
      const hashed = `${HASHED_ASSET_PREFIX}*`;
      // Two passes over the same files, each setting its `Cache-Control` (web-headers.ts); each
      // prunes only what its filter covers, and neither touches the embed bundle's prefix.
      const files = new BucketDeployment(this, 'DeployAppAssets', {
        sources: [built],
        destinationBucket: this.bucket,
        exclude: ['*'],
        include: [hashed],
        cacheControl: [CacheControl.fromString(appCacheControl(HASHED_ASSET_PREFIX))],
        // An open tab still holds the previous index.html and loads its lazy chunks by their old names.
        prune: false,
        memoryLimit: 512,
      });
      const pages = new BucketDeployment(this, 'DeployApp', {
        // The deployment's settings the SPA reads at run time (infra/web-config.ts).
        sources: [built, Source.jsonData('config.json', webConfig(analyticsUrl))],
        destinationBucket: this.bucket,
        exclude: [hashed, 'embed/*'],
        cacheControl: [CacheControl.fromString(CACHE_CONTROL.page)],
        distribution: this.distribution,
        distributionPaths: ['/*'],
        memoryLimit: 512,
      });
      // index.html goes out only once the chunks it names are there.
      pages.node.addDependency(files);
    }
    if (embed && existsSync(embed)) {
      new BucketDeployment(this, 'DeployEmbed', {
        sources: [Source.asset(embed)],
        destinationBucket: this.bucket,
        destinationKeyPrefix: 'embed/',
        cacheControl: [CacheControl.fromString(CACHE_CONTROL.embedBundle)],
        distribution: this.distribution,
        distributionPaths: ['/embed/*'],
        memoryLimit: 512,
      });
    }
    // CDK's BucketDeployment helper (one function shared by all deployments, made at the stack's
    // top level) and its role.
    const stack = Stack.of(this);
    const webBucketId = stack.getLogicalId(this.bucket.node.defaultChild as CfnElement);
    for (const child of stack.node.children) {
      if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
      const copy =
        'CDK’s BucketDeployment helper copies built files from the CDK asset bucket into the web bucket and invalidates CloudFront; CDK writes this policy and it runs only during deployments.';
      acknowledge(child, [
        {
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason:
            'CDK’s BucketDeployment helper logs with AWSLambdaBasicExecutionRole; it runs only during deployments.',
        },
        ...[
          'Action::s3:GetObject*',
          'Action::s3:GetBucket*',
          'Action::s3:List*',
          'Action::s3:DeleteObject*',
          'Action::s3:Abort*',
          `Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-${pseudo(stack.account, 'AccountId')}-${pseudo(stack.region, 'Region')}/*`,
          `Resource::<${webBucketId}.Arn>/*`,
          // cloudfront:CreateInvalidation/GetInvalidation accept no resource narrower than `*`.
          'Resource::*',
        ].map((finding) => ({ id: `AwsSolutions-IAM5[${finding}]`, reason: copy })),
        { id: 'AwsSolutions-L1', reason: 'CDK sets the runtime of its BucketDeployment helper function.' },
      ]);
    }
  }
}

/** How cdk-nag prints an account or region: the literal when the stack has one, else the pseudo parameter. */
function pseudo(value: string, name: 'AccountId' | 'Region'): string {
  return Token.isUnresolved(value) ? `<AWS::${name}>` : value;
}

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
): Pick<cloudfront.ResponseHeadersPolicyProps, 'securityHeadersBehavior' | 'corsBehavior'> {
  const h = securityHeadersOf(surface, analyticsUrl);
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
