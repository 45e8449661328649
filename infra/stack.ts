import { type CfnElement, CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { RECEIPT_CHECK } from '../functions/file-events';
import { Alarms } from './constructs/alarms';
import { StreamConsumers } from './constructs/alerts';
import { Api } from './constructs/api';
import { type ApiFunction, functionOf, type SharedFunctionProps } from './constructs/api-function';
import { Data } from './constructs/data';
import { Files } from './constructs/files';
import { FunctionRoles } from './constructs/function-roles';
import { pathWithoutRooms } from './constructs/room';
import { Schedule } from './constructs/schedule';
import { WebAndCdn } from './constructs/web';
import { functionEnvironment, type Settings } from './settings';

export interface TimeledgerStackProps extends StackProps {
  settings: Settings;
  /** Built browser code to upload; a missing directory is skipped (run `npm run build` first). */
  webAssets?: { app?: string; embed?: string };
}

/**
 * Timeledger on AWS, in five rooms: the data (table, secrets, SES identity), the HTTP API (one
 * Lambda per route of the route table), the web and CDN (S3 + CloudFront for the SPA, the embed
 * bundle and `/api/*`), the schedule (the jobs of the route table) and the alarms.
 */
export class TimeledgerStack extends Stack {
  readonly functions = new Map<string, ApiFunction>();
  readonly data: Data;
  readonly api: Api;
  readonly web: WebAndCdn;
  readonly files: Files;

  constructor(scope: Construct, id: string, props: TimeledgerStackProps) {
    super(scope, id, props);
    const { settings } = props;
    const retention = retentionOf(settings.logRetentionDays);

    this.data = new Data(this, 'Data', { senderEmail: settings.senderEmail });
    this.api = new Api(this, 'Http', { settings, retention });
    // CloudFront needs only the API's host, so the functions can know the app's URL.
    this.web = new WebAndCdn(this, 'WebAndCdn', {
      settings,
      api: { host: this.api.host, originVerifyValue: this.data.originVerifyValue },
      assets: props.webAssets ?? {},
    });
    const appUrl =
      settings.appUrl ??
      (settings.domainName
        ? `https://${settings.domainName}`
        : `https://${this.web.distribution.distributionDomainName}`);
    this.files = new Files(this, 'Files', {
      // The receipts' CORS origin: the app's URL without a path (the custom domain or CloudFront's).
      appOrigin: settings.appUrl ? new URL(settings.appUrl).origin : appUrl,
      logsBucket: this.web.logsBucket,
      objectLock: {
        years: settings.objectLockYears,
        mode: settings.objectLockMode === 'COMPLIANCE' ? 'COMPLIANCE' : 'GOVERNANCE',
      },
    });

    const shared = {
      environment: functionEnvironment(settings, {
        tableName: this.data.table.tableName,
        appUrl,
        jwtSecretArn: this.data.jwtSecret.secretArn,
        originVerify: this.data.originVerifyValue,
        buckets: this.files.environment(),
      }),
      table: this.data.table,
      jwtSecret: this.data.jwtSecret,
      emailIdentity: this.data.emailIdentity,
      logRetention: retention,
      logGroup: functionLogs(this, retention),
      signInConcurrency: settings.signInConcurrency,
      files: this.files,
      roles: new FunctionRoles(this, 'FunctionRoles', {
        table: this.data.table,
        jwtSecret: this.data.jwtSecret,
        emailIdentity: this.data.emailIdentity,
        files: this.files,
      }),
    };
    for (const [handler, fn] of this.api.addRouteFunctions(shared)) this.functions.set(handler, fn);
    const schedule = new Schedule(this, 'Jobs', { settings, shared });
    for (const [handler, fn] of schedule.functions) this.functions.set(handler, fn);
    const consumers = new StreamConsumers(this, 'Alerts', { table: this.data.table, shared });
    for (const [handler, fn] of consumers.functions) this.functions.set(handler, fn);
    for (const [handler, fn] of receiptCheckOf(this, this.files, shared)) this.functions.set(handler, fn);

    new Alarms(this, 'Monitoring', {
      api: this.api.api,
      functions: this.functions,
      alarmEmail: settings.alarmEmail,
      streamFailures: consumers.failures,
      table: this.data.table,
    });

    new CfnOutput(this, 'AppUrl', { value: appUrl });
    new CfnOutput(this, 'CloudFrontDomain', { value: this.web.distribution.distributionDomainName });
    if (this.api.domain) {
      // The CNAME the API's own domain needs, so that CloudFront can reach it.
      new CfnOutput(this, 'ApiDomainTarget', { value: this.api.domain.regionalDomainName });
    } else {
      new CfnOutput(this, 'ApiEndpoint', { value: this.api.stage.url });
    }
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'WebBucket', { value: this.web.bucket.bucketName });
    new CfnOutput(this, 'DocumentsBucket', { value: this.files.documents.bucketName });
    new CfnOutput(this, 'ReceiptsBucket', { value: this.files.receipts.bucketName });
  }

  /** A resource's logical id from its path without the rooms: the ids it had before the stack had rooms. */
  protected override allocateLogicalId(element: CfnElement): string {
    // CDK's own naming, handed the path as it reads without the rooms.
    const scopes = pathWithoutRooms(element.node.scopes);
    return super.allocateLogicalId({ stack: this, node: { scopes } } as unknown as CfnElement);
  }
}

/** Logs retention in days → the nearest allowed CloudWatch value at or above it. */
function retentionOf(days: number): RetentionDays {
  const allowed = Object.values(RetentionDays)
    .filter((v): v is number => typeof v === 'number' && v > 0)
    .sort((a, b) => a - b);
  return (allowed.find((v) => v >= days) ?? RetentionDays.TEN_YEARS) as RetentionDays;
}

/** The one log group of every function (logs are diagnostics, not user data: they go with the stack). */
function functionLogs(scope: Construct, retention: RetentionDays): LogGroup {
  return new LogGroup(scope, 'FunctionLogs', { retention, removalPolicy: RemovalPolicy.DESTROY });
}

/** The upload check of receipts (`RECEIPT_CHECK`), invoked by the receipts bucket's ObjectCreated event. */
function receiptCheckOf(
  scope: Construct,
  files: Files,
  shared: SharedFunctionProps,
): Map<string, ApiFunction> {
  // A role of its own: the event's grant (read and delete receipts) must reach no other function.
  const fn = functionOf(scope, RECEIPT_CHECK, { ...shared, roles: undefined });
  files.onReceiptCreated(fn.function);
  return new Map([[RECEIPT_CHECK.handler, fn]]);
}
