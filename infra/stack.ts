import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  type CfnElement,
  CfnOutput,
  Duration,
  Fn,
  RemovalPolicy,
  Stack,
  type StackProps,
  Token,
} from 'aws-cdk-lib';
import {
  DomainName,
  HttpApi,
  HttpMethod,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { TABLE_DEFINITION } from '../functions/data/table';
import { type FunctionDefinition, JOBS, needsJwtSecret, ROUTES } from '../functions/routes';
import { ApiFunction, acknowledge } from './constructs/api-function';
import { functionEnvironment, type Settings } from './settings';
import { webConfig } from './web-config';
import {
  appCacheControl,
  CACHE_CONTROL,
  COMPRESSED,
  HASHED_ASSET_PREFIX,
  type Surface,
  securityHeadersOf,
} from './web-headers';

/** The CloudFront Function of the SPA's history fallback (also applied by the local server). */
export const SPA_FALLBACK_FILE = join(import.meta.dirname, 'spa-fallback.js');

export interface TimeledgerStackProps extends StackProps {
  settings: Settings;
  /** Built browser code to upload; a missing directory is skipped (run `npm run build` first). */
  webAssets?: { app?: string; embed?: string };
}

/**
 * Timeledger on AWS: the HTTP API (one Lambda per route of the route table), the single table,
 * the JWT secret, the SES identity, S3 + CloudFront for the SPA, the embed bundle and `/api/*`,
 * the hourly demo reset, stage throttling and alarms.
 */
export class TimeledgerStack extends Stack {
  readonly functions = new Map<string, ApiFunction>();
  readonly table: dynamodb.Table;
  readonly api: HttpApi;
  readonly distribution: cloudfront.Distribution;

  constructor(scope: Construct, id: string, props: TimeledgerStackProps) {
    super(scope, id, props);
    const { settings } = props;
    const retention = retentionOf(settings.logRetentionDays);

    // ---- Data, secret, email identity -------------------------------------------------------
    const attr = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: attr(TABLE_DEFINITION.partitionKey),
      sortKey: attr(TABLE_DEFINITION.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE_DEFINITION.timeToLiveAttribute,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const gsi of TABLE_DEFINITION.globalSecondaryIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: attr(gsi.partitionKey),
        sortKey: attr(gsi.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    const jwtSecret = new Secret(this, 'JwtSecret', {
      description: 'Timeledger: HS256 key that signs session tokens',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    acknowledge(jwtSecret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'Rotating the HS256 key signs every user out at once; tokens are revoked per user by tokenVersion instead. Rotate by hand (put-secret-value) if the key leaks.',
      },
    ]);

    // CloudFront sends this as `x-origin-verify` to the API; the functions believe CloudFront's
    // viewer-address header (per-address rate limits) only on requests that carry it.
    const originVerify = new Secret(this, 'OriginVerify', {
      description:
        'Timeledger: header value CloudFront sends to the API so its viewer address can be trusted',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    acknowledge(originVerify, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'It only vouches for CloudFront’s viewer-address header; rotating it means a CloudFront redeploy. Rotate by hand and redeploy if it leaks.',
      },
    ]);
    const originVerifyValue = originVerify.secretValue.unsafeUnwrap();

    const emailIdentity = new EmailIdentity(this, 'Sender', {
      identity: Identity.email(settings.senderEmail),
    });

    // ---- Web bucket, logs bucket --------------------------------------------------------------
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
    const webBucket = new s3.Bucket(this, 'Web', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      serverAccessLogsBucket: logsBucket,
      serverAccessLogsPrefix: 's3/',
    });

    // ---- HTTP API -------------------------------------------------------------------------------
    // With a domain of its own the API's execute-api endpoint is switched off, so CloudFront (which
    // reaches the API by that domain) is the only way in. Without one CloudFront needs the
    // execute-api host as its origin; the functions then refuse every request that lacks
    // CloudFront's origin-verify header (functions/lib/origin.ts), which shuts the same door.
    const apiDomain =
      settings.apiDomainName && settings.apiCertificateArn
        ? new DomainName(this, 'ApiDomain', {
            domainName: settings.apiDomainName,
            certificate: Certificate.fromCertificateArn(this, 'ApiCertificate', settings.apiCertificateArn),
          })
        : undefined;
    this.api = new HttpApi(this, 'Api', {
      description: 'Timeledger API: one route and one Lambda per entry of functions/routes.ts',
      createDefaultStage: false,
      disableExecuteApiEndpoint: apiDomain !== undefined,
    });
    const apiAccessLogs = new LogGroup(this, 'ApiAccessLogs', {
      retention,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const stage = new HttpStage(this, 'Stage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: settings.apiRateLimit, burstLimit: settings.apiBurstLimit },
      accessLogSettings: { destination: new LogGroupLogDestination(apiAccessLogs) },
      ...(apiDomain ? { domainMapping: { domainName: apiDomain } } : {}),
    });

    // ---- CloudFront (needs only the API's id, so the functions can know the app's URL) -----------
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

    const s3Origin = origins.S3BucketOrigin.withOriginAccessControl(webBucket);
    const apiHost = apiDomain ? apiDomain.name : Fn.select(2, Fn.split('/', this.api.apiEndpoint));
    const apiOrigin = new origins.HttpOrigin(apiHost, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      customHeaders: { 'x-origin-verify': originVerifyValue },
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

    const appUrl =
      settings.appUrl ??
      (settings.domainName
        ? `https://${settings.domainName}`
        : `https://${this.distribution.distributionDomainName}`);

    // ---- Functions: one per route, one per job ---------------------------------------------------
    const environment = functionEnvironment(settings, {
      tableName: this.table.tableName,
      appUrl,
      jwtSecretArn: jwtSecret.secretArn,
      originVerify: originVerifyValue,
    });
    const makeFunction = (fn: FunctionDefinition) => {
      const { handler, needs } = fn;
      const made = new ApiFunction(this, pascal(handler), {
        handler,
        environment,
        table: this.table,
        tableAccess: fn.access,
        ...(needsJwtSecret(fn) ? { jwtSecret } : {}),
        ...(needs.sendsEmail ? { emailIdentity } : {}),
        ...(needs.memoryMb ? { memorySize: needs.memoryMb } : {}),
        ...(needs.timeoutSeconds ? { timeout: Duration.seconds(needs.timeoutSeconds) } : {}),
        logRetention: retention,
      });
      this.functions.set(handler, made);
      return made;
    };

    for (const route of ROUTES) {
      const fn = makeFunction(route);
      this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${pascal(route.handler)}Integration`, fn.function),
      });
    }
    for (const route of this.api.node.children) {
      // Authorization happens inside the handlers (see README "Deployment").
      acknowledge(route, [
        {
          id: 'AwsSolutions-APIG4',
          reason:
            'Authorization is checked inside each handler by the shared middy `authenticate` middleware (x-auth-token, HS256, token version read from the user item). The local server runs the same code; a Lambda authorizer would add a second cold start per request and read the same user item twice. Public routes are public by the contract.',
        },
      ]);
    }

    for (const job of JOBS) {
      const fn = makeFunction(job);
      const minutes = settings[job.everyMinutesSetting];
      new events.Rule(this, `${pascal(job.handler)}Schedule`, {
        description: `Timeledger: ${job.handler} every ${minutes} minutes`,
        schedule: events.Schedule.rate(Duration.minutes(minutes)),
        targets: [new LambdaFunction(fn.function, { retryAttempts: 2 })],
      });
    }

    // ---- Static files (only what has been built) --------------------------------------------------
    const app = props.webAssets?.app;
    const embed = props.webAssets?.embed;
    if (app && existsSync(app)) {
      // Source maps stay on the build machine: published, they would hand out the app's source.
      const built = Source.asset(app, { exclude: ['meta.json', '*.map'] });
      const hashed = `${HASHED_ASSET_PREFIX}*`;
      // Two passes over the same files, each setting its `Cache-Control` (web-headers.ts); each
      // prunes only what its filter covers, and neither touches the embed bundle's prefix.
      const assets = new BucketDeployment(this, 'DeployAppAssets', {
        sources: [built],
        destinationBucket: webBucket,
        exclude: ['*'],
        include: [hashed],
        cacheControl: [CacheControl.fromString(appCacheControl(HASHED_ASSET_PREFIX))],
        // An open tab still holds the previous index.html and loads its lazy chunks by their old names.
        prune: false,
        memoryLimit: 512,
      });
      const pages = new BucketDeployment(this, 'DeployApp', {
        // The deployment's settings the SPA reads at run time (infra/web-config.ts).
        sources: [built, Source.jsonData('config.json', webConfig(settings.analyticsUrl))],
        destinationBucket: webBucket,
        exclude: [hashed, 'embed/*'],
        cacheControl: [CacheControl.fromString(CACHE_CONTROL.page)],
        distribution: this.distribution,
        distributionPaths: ['/*'],
        memoryLimit: 512,
      });
      // index.html goes out only once the chunks it names are there.
      pages.node.addDependency(assets);
    }
    if (embed && existsSync(embed)) {
      new BucketDeployment(this, 'DeployEmbed', {
        sources: [Source.asset(embed)],
        destinationBucket: webBucket,
        destinationKeyPrefix: 'embed/',
        cacheControl: [CacheControl.fromString(CACHE_CONTROL.embedBundle)],
        distribution: this.distribution,
        distributionPaths: ['/embed/*'],
        memoryLimit: 512,
      });
    }
    // CDK's BucketDeployment helper (one function shared by both deployments) and its role.
    const webBucketId = this.getLogicalId(webBucket.node.defaultChild as CfnElement);
    for (const child of this.node.children) {
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
          `Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-${pseudo(this.account, 'AccountId')}-${pseudo(this.region, 'Region')}/*`,
          `Resource::<${webBucketId}.Arn>/*`,
          // cloudfront:CreateInvalidation/GetInvalidation accept no resource narrower than `*`.
          'Resource::*',
        ].map((finding) => ({ id: `AwsSolutions-IAM5[${finding}]`, reason: copy })),
        { id: 'AwsSolutions-L1', reason: 'CDK sets the runtime of its BucketDeployment helper function.' },
      ]);
    }

    // ---- Alarms --------------------------------------------------------------------------------
    const alarmTopic = new sns.Topic(this, 'Alarms', { displayName: 'Timeledger alarms', enforceSSL: true });
    acknowledge(alarmTopic, [
      {
        id: 'AwsSolutions-SNS2',
        reason:
          'CloudWatch cannot publish to a topic encrypted with the AWS-managed SNS key, and alarm messages carry no user data; a customer-managed key (1 USD/month) buys nothing here.',
      },
    ]);
    if (settings.alarmEmail) alarmTopic.addSubscription(new EmailSubscription(settings.alarmEmail));
    const notify = new SnsAction(alarmTopic);

    new cloudwatch.Alarm(this, 'Api5xxAlarm', {
      alarmDescription: 'Timeledger API answered 5xx (handler crash, timeout or throttled integration)',
      metric: this.api.metricServerError({ period: Duration.minutes(5), statistic: 'Sum' }),
      threshold: 5,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(notify);
    // One alarm per function: it names the broken function (metric math alarms take at most 10 metrics).
    for (const [handler, fn] of this.functions) {
      new cloudwatch.Alarm(this, `${pascal(handler)}Errors`, {
        alarmDescription: `Timeledger function ${handler} failed (uncaught error or timeout)`,
        metric: fn.function.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(notify);
    }

    // ---- Outputs ---------------------------------------------------------------------------------
    new CfnOutput(this, 'AppUrl', { value: appUrl });
    new CfnOutput(this, 'CloudFrontDomain', { value: this.distribution.distributionDomainName });
    if (apiDomain) {
      // The CNAME the API's own domain needs, so that CloudFront can reach it.
      new CfnOutput(this, 'ApiDomainTarget', { value: apiDomain.regionalDomainName });
    } else {
      new CfnOutput(this, 'ApiEndpoint', { value: stage.url });
    }
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'WebBucket', { value: webBucket.bucketName });
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

/** Logs retention in days → the nearest allowed CloudWatch value at or above it. */
function retentionOf(days: number): RetentionDays {
  const allowed = Object.values(RetentionDays)
    .filter((v): v is number => typeof v === 'number' && v > 0)
    .sort((a, b) => a - b);
  return (allowed.find((v) => v >= days) ?? RetentionDays.TEN_YEARS) as RetentionDays;
}

/** `get-current-user` → `GetCurrentUser`: the construct id of a handler's function (stable, readable logical ids). */
export function pascal(kebab: string): string {
  return kebab
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
