import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { App, Duration, Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TABLE_DEFINITION } from '../functions/data/core/table';
import { RECEIPT_CHECK } from '../functions/file-events';
import { REQUEST_BUDGET_MS, SWEEP_BUDGET_MS } from '../functions/lib/budget';
import { SETTINGS } from '../functions/lib/settings';
import { JOBS, needsJwtSecret, ROUTES, routeKey, STREAM_CONSUMERS } from '../functions/routes';
import { lambdaEnvironment, pascal } from './constructs/api-function';
import { localFileOrigins } from './local/respond';
import { createLocalServer, listenLocal } from './local/server';
import { DEFAULT_SETTINGS, LOCAL_ONLY_VARIABLES, RUNTIME_VARIABLES, readSettings } from './settings';
import { TimeledgerStack } from './stack';
import { awsFileOrigins, CACHE_CONTROL, COMPRESSED, type Surface, securityHeadersOf } from './web-headers';

// CloudFront's managed policies (fixed ids, documented by AWS).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
const WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

type Resource = {
  Type: string;
  Properties: Record<string, any>;
  DeletionPolicy?: string;
  UpdateReplacePolicy?: string;
};

let work: string;
let template: Template;
let resources: Record<string, Resource>;
let synthError: unknown;
let reportPath: string;
let stack: TimeledgerStack;

/** The logical id of the Lambda function made for a handler module. */
function functionIdOf(handler: string): string {
  const ids = Object.keys(resources).filter(
    (id) => resources[id]?.Type === 'AWS::Lambda::Function' && id.startsWith(`${pascal(handler)}Function`),
  );
  expect(ids, handler).toHaveLength(1);
  return ids[0]!;
}

/** Every IAM action granted to the role of a function, with the resources it applies to. */
function statementsOf(
  functionId: string,
): { actions: string[]; resource: string; conditions?: Record<string, any> }[] {
  const roleId = resources[functionId]!.Properties.Role['Fn::GetAtt'][0];
  return Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: any) => x.Ref === roleId))
    .flatMap((r) => r.Properties.PolicyDocument.Statement)
    .map((s: any) => ({
      actions: [s.Action].flat(),
      resource: JSON.stringify(s.Resource),
      ...(s.Condition ? { conditions: s.Condition } : {}),
    }));
}

const actionsOf = (functionId: string) => statementsOf(functionId).flatMap((s) => s.actions);

const SECURITY_HEADER_NAMES = [
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'content-security-policy',
  'access-control-allow-origin',
];

/** A synthesized string (plain, or an `Fn::Join` naming the stack's region) as deployed to `REGION`. */
const REGION = 'eu-central-1';
function resolvedInRegion(value: unknown): string {
  if (typeof value === 'string') return value;
  const [separator, parts] = (value as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
  return parts
    .map((p) => (typeof p === 'string' ? p : (p as { Ref?: string }).Ref === 'AWS::Region' ? REGION : '?'))
    .join(separator);
}

/**
 * The headers CloudFront adds to a response under a synthesized response-headers policy (to a
 * cross-origin request, for CORS), written out as CloudFront documents them.
 */
function headersCloudFrontWrites(config: any): Record<string, string> {
  const security = config.SecurityHeadersConfig ?? {};
  const headers: Record<string, string> = {};
  const hsts = security.StrictTransportSecurity;
  if (hsts) {
    headers['strict-transport-security'] =
      `max-age=${hsts.AccessControlMaxAgeSec}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}${hsts.Preload ? '; preload' : ''}`;
  }
  if (security.ContentTypeOptions) headers['x-content-type-options'] = 'nosniff';
  if (security.FrameOptions) headers['x-frame-options'] = security.FrameOptions.FrameOption;
  if (security.ReferrerPolicy) headers['referrer-policy'] = security.ReferrerPolicy.ReferrerPolicy;
  if (security.ContentSecurityPolicy) {
    headers['content-security-policy'] = resolvedInRegion(
      security.ContentSecurityPolicy.ContentSecurityPolicy,
    );
  }
  if (config.CorsConfig)
    headers['access-control-allow-origin'] = config.CorsConfig.AccessControlAllowOrigins.Items.join(',');
  return headers;
}

beforeAll(() => {
  // Prepare: built web assets in a temp dir, so the BucketDeployments are part of the stack.
  work = mkdtempSync(join(tmpdir(), 'timeledger-cdk-'));
  mkdirSync(join(work, 'app', 'assets'), { recursive: true });
  mkdirSync(join(work, 'embed'));
  writeFileSync(join(work, 'app', 'index.html'), '<!doctype html><title>Timeledger</title>');
  writeFileSync(
    join(work, 'app', 'assets', 'main-4F2A9QZB.js'),
    'void 0;\n//# sourceMappingURL=main-4F2A9QZB.js.map',
  );
  writeFileSync(join(work, 'app', 'assets', 'main-4F2A9QZB.js.map'), '{"version":3,"sources":["secret.ts"]}');
  writeFileSync(join(work, 'embed', 'timeledger-embed.js'), 'void 0;');
  writeFileSync(join(work, 'embed', 'timeledger-embed.js.map'), '{"version":3,"sources":["secret.ts"]}');

  // Bundling skipped: esbuild for 35 functions would take minutes; `bench/bundles.ts` bundles for real.
  const app = new App({ outdir: join(work, 'cdk.out'), context: { 'aws:cdk:bundling-stacks': [] } });
  stack = new TimeledgerStack(app, 'Timeledger', {
    settings: readSettings(() => undefined),
    webAssets: { app: join(work, 'app'), embed: join(work, 'embed') },
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  reportPath = join(work, 'cdk.out', 'validation-report.json');
  try {
    const assembly = app.synth();
    template = Template.fromJSON(assembly.getStackByName(stack.stackName).template);
  } catch (error) {
    synthError = error;
    // The template is still written before the checks run; assert on it anyway.
    template = Template.fromJSON(
      JSON.parse(readFileSync(join(work, 'cdk.out', 'Timeledger.template.json'), 'utf8')),
    );
  }
  resources = template.toJSON().Resources;
}, 120_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('the CDK stack', () => {
  it('passes the cdk-nag AwsSolutions checks with every finding either fixed or acknowledged with a reason', () => {
    expect(synthError).toBeUndefined();
    const report = JSON.parse(readFileSync(reportPath, 'utf8')) as {
      pluginReports: { pluginName: string; violations: { ruleName: string; severity: string }[] }[];
    };
    const nagErrors = report.pluginReports
      .filter((p) => p.pluginName.includes('AwsSolutions'))
      .flatMap((p) => p.violations)
      .filter((v) => v.severity === 'error' || v.severity === 'fatal');
    expect(nagErrors).toEqual([]);

    const acknowledgements = stack.node
      .findAll()
      .flatMap((c) => c.node.metadata)
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((m) => Object.entries(m.data as Record<string, string>));
    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const [id, reason] of acknowledgements) expect(reason.length, id).toBeGreaterThan(30);
    const ids = acknowledgements.map(([id]) => id.replace(/^annotation::/i, ''));
    expect(ids).toContain('AwsSolutions-APIG4');
  });

  it('makes one Lambda function per route and per job, plus only CDK’s BucketDeployment and bucket-notification helpers', () => {
    const functions = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::Lambda::Function');
    const helpers = functions.filter(
      ([id]) => id.startsWith('CustomCDKBucketDeployment') || id.startsWith('BucketNotificationsHandler'),
    );
    expect(helpers).toHaveLength(2);
    // The receipt check (RECEIPT_CHECK) is the one function beside routes, jobs and stream consumers.
    expect(functions).toHaveLength(
      ROUTES.length + JOBS.length + STREAM_CONSUMERS.length + 1 + helpers.length,
    );
  });

  it('checks every receipt created: the receipts bucket’s ObjectCreated event invokes the check, whose role may only read and delete receipts', () => {
    const checkId = functionIdOf(RECEIPT_CHECK.handler);
    const notification = Object.values(resources).find((r) => r.Type === 'Custom::S3BucketNotifications')!;
    expect(notification.Properties.NotificationConfiguration.LambdaFunctionConfigurations).toEqual([
      expect.objectContaining({
        Events: ['s3:ObjectCreated:*'],
        LambdaFunctionArn: { 'Fn::GetAtt': [checkId, 'Arn'] },
        Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'users/' }] } },
      }),
    ]);
    const receiptsBucket = Object.keys(resources).find(
      (id) => resources[id]!.Type === 'AWS::S3::Bucket' && id.startsWith('Receipts'),
    );
    expect(notification.Properties.BucketName).toEqual({ Ref: receiptsBucket });
    const s3 = statementsOf(checkId).filter((s) => s.actions.some((a) => a.startsWith('s3:')));
    expect(s3.flatMap((s) => s.actions).sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:ListBucket']);
    for (const statement of s3) expect(statement.resource).toContain(receiptsBucket);
  });

  it('lets exactly the functions whose entry names `receipts:delete` delete receipts', () => {
    for (const fn of [...ROUTES, ...JOBS]) {
      const named = (fn.needs.files ?? []).some((access) => access.endsWith(':delete'));
      expect(actionsOf(functionIdOf(fn.handler)).includes('s3:DeleteObject'), fn.handler).toBe(named);
    }
  });

  it('feeds the budget alerts from the table’s stream, filtered to projects with a budget or target', () => {
    const table = Object.values(resources).find((r) => r.Type === 'AWS::DynamoDB::Table')!;
    expect(table.Properties.StreamSpecification).toEqual({ StreamViewType: 'NEW_AND_OLD_IMAGES' });
    const mappings = Object.values(resources).filter((r) => r.Type === 'AWS::Lambda::EventSourceMapping');
    expect(mappings).toHaveLength(STREAM_CONSUMERS.length);
    const [mapping] = mappings;
    const tableId = Object.entries(resources).find(([, r]) => r === table)![0];
    expect(mapping!.Properties).toMatchObject({
      FunctionName: { Ref: functionIdOf('budget-alerts') },
      EventSourceArn: { 'Fn::GetAtt': [tableId, 'StreamArn'] },
      StartingPosition: 'LATEST',
      BatchSize: 100,
      MaximumBatchingWindowInSeconds: 5,
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 3,
    });
    const patterns = mapping!.Properties.FilterCriteria.Filters.map((f: { Pattern: string }) =>
      JSON.parse(f.Pattern),
    );
    expect(patterns).toEqual([
      {
        eventName: ['INSERT', 'MODIFY'],
        dynamodb: { NewImage: { type: { S: ['PROJECT'] }, budgetKind: { S: [{ exists: true }] } } },
      },
      {
        eventName: ['INSERT', 'MODIFY'],
        dynamodb: { NewImage: { type: { S: ['PROJECT'] }, targetRateCents: { N: [{ exists: true }] } } },
      },
    ]);
    // The function may read the stream and send mail, but holds no JWT secret.
    const policies = Object.values(resources).filter((r) => r.Type === 'AWS::IAM::Policy');
    const alertPolicy = policies.find((p) =>
      p.Properties.Roles.some((role: { Ref: string }) => role.Ref.startsWith('BudgetAlerts')),
    );
    const actions = JSON.stringify(alertPolicy?.Properties.PolicyDocument.Statement);
    expect(actions).toContain('dynamodb:GetRecords');
    expect(actions).toContain('ses:SendEmail');
    expect(actions).not.toContain('secretsmanager:GetSecretValue');
  });

  it('retries only the stream records a consumer reports failed, and parks those that keep failing in a watched queue', () => {
    const mappings = Object.values(resources).filter((r) => r.Type === 'AWS::Lambda::EventSourceMapping');
    const queues = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::SQS::Queue');
    expect(queues).toHaveLength(1);
    const [queueId, queue] = queues[0]!;
    expect(queue.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 86_400,
    });
    for (const mapping of mappings) {
      expect(mapping.Properties.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
      expect(mapping.Properties.DestinationConfig).toEqual({
        OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } },
      });
      // Bounded: a record that keeps failing leaves its shard instead of holding it for a day.
      expect(mapping.Properties.MaximumRetryAttempts).toBeGreaterThan(0);
      expect(mapping.Properties.MaximumRetryAttempts).toBeLessThanOrEqual(20);
    }
    const alarms = Object.values(resources).filter((r) => r.Type === 'AWS::CloudWatch::Alarm');
    const queueAlarm = alarms.find((a) => a.Properties.MetricName === 'ApproximateNumberOfMessagesVisible');
    expect(queueAlarm?.Properties.Dimensions).toEqual([
      { Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId, 'QueueName'] } },
    ]);
    expect(queueAlarm?.Properties.AlarmActions).toHaveLength(1);
  });

  it('gives the operator one dashboard of the API, the functions by area, the stream and the table', () => {
    const dashboards = Object.values(resources).filter((r) => r.Type === 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]!.Properties.DashboardBody);
    for (const title of [
      'API requests and errors',
      'API latency (p50, p95, p99)',
      'Function errors by area',
      'Stream: iterator age (ms) and failed records',
      'Table: consumed capacity and throttles',
    ])
      expect(body).toContain(title);
    expect(body).toContain('IteratorAge');
    expect(body).toContain('ConsumedWriteCapacityUnits');
  });

  it('wires every route of the route table, with its exact route key, to its own function', () => {
    const routes = Object.values(resources).filter((r) => r.Type === 'AWS::ApiGatewayV2::Route');
    expect(routes).toHaveLength(ROUTES.length);
    for (const route of ROUTES) {
      const resource = routes.find((r) => r.Properties.RouteKey === routeKey(route));
      expect(resource, routeKey(route)).toBeDefined();
      // Target is `integrations/<integration id>`.
      const integrationId = resource!.Properties.Target['Fn::Join'][1][1].Ref as string;
      const integration = resources[integrationId]!;
      expect(integration.Properties.IntegrationType).toBe('AWS_PROXY');
      expect(integration.Properties.PayloadFormatVersion).toBe('2.0');
      expect(integration.Properties.IntegrationUri['Fn::GetAtt'][0]).toBe(functionIdOf(route.handler));
    }
  });

  it('runs every route and job function on Node.js 22 (arm64) with source maps and its own log group with retention', () => {
    for (const { handler } of [...ROUTES, ...JOBS]) {
      const fn = resources[functionIdOf(handler)]!.Properties;
      expect(fn.Runtime, handler).toBe('nodejs22.x');
      expect(fn.Architectures, handler).toEqual(['arm64']);
      expect(fn.Environment.Variables.NODE_OPTIONS).toBe('--enable-source-maps');
      const logGroup = resources[fn.LoggingConfig.LogGroup.Ref]!;
      expect(logGroup.Type).toBe('AWS::Logs::LogGroup');
      expect(logGroup.Properties.RetentionInDays).toBe(DEFAULT_SETTINGS.logRetentionDays);
    }
    const logGroups = Object.values(resources).filter((r) => r.Type === 'AWS::Logs::LogGroup');
    for (const group of logGroups) expect(group.Properties.RetentionInDays).toBeGreaterThan(0);
  });

  it('gives the functions every setting that names a variable, with its default, and never a local-only one', () => {
    const env = resources[functionIdOf('create-project')]!.Properties.Environment.Variables as Record<
      string,
      unknown
    >;
    const set = Object.keys(env).filter((name) => name !== 'NODE_OPTIONS');
    for (const setting of Object.values(SETTINGS)) {
      if ('env' in setting) expect(env[setting.env], setting.env).toBe(String(setting.default));
    }
    for (const name of ['TABLE_NAME', 'APP_URL', 'SENDER_EMAIL', 'JWT_SECRET_ARN', 'FREE_PROJECT_LIMIT']) {
      expect(set).toContain(name);
    }
    // Local-only settings must never reach AWS: they would point Lambda at a laptop.
    for (const name of ['DYNAMODB_ENDPOINT', 'SES_ENDPOINT', 'JWT_SECRET']) expect(set).not.toContain(name);
    expect(env.FREE_PROJECT_LIMIT).toBe('3');
    expect(env.FREE_ITEM_LIMIT).toBe('125');
  });

  it('gives every function exactly the variables the configuration module reads, bar the local-only and runtime ones', async () => {
    // Prepare: load functions/lib/config.ts afresh and record every variable it reads.
    const read = new Set<string>();
    const env = process.env;
    process.env = new Proxy(env, {
      get(target, name) {
        if (typeof name === 'string') read.add(name);
        return Reflect.get(target, name);
      },
    });
    try {
      vi.resetModules();
      await import('../functions/lib/config');
    } finally {
      process.env = env;
    }
    const notFromStack = new Set<string>([...LOCAL_ONLY_VARIABLES, ...RUNTIME_VARIABLES]);
    // The exceptions must still be read, or they are stale.
    for (const name of notFromStack) expect(read.has(name), name).toBe(true);
    const expected = [...read].filter((name) => !notFromStack.has(name)).sort();
    expect(expected).toContain('TABLE_NAME');
    const runtimeOptions = Object.keys(lambdaEnvironment({}));
    for (const { handler } of [...ROUTES, ...JOBS]) {
      const variables = Object.keys(resources[functionIdOf(handler)]!.Properties.Environment.Variables);
      expect(variables.filter((name) => !runtimeOptions.includes(name)).sort(), handler).toEqual(expected);
    }
  });

  it('declares only route keys API Gateway accepts, exactly those of the route table', () => {
    const keys = Object.values(resources)
      .filter((r) => r.Type === 'AWS::ApiGatewayV2::Route')
      .map((r) => r.Properties.RouteKey as string);
    // HTTP API route keys: a method (or ANY) and a path of literal segments and {name} variables,
    // a greedy {name+} only last; no trailing slash, no empty segment.
    const segment = "([A-Za-z0-9._~:@!$&'()*,;=-]+|\\{[A-Za-z_][A-Za-z0-9_]*\\})";
    const valid = new RegExp(
      `^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|ANY) (/${segment})+(/\\{[A-Za-z_][A-Za-z0-9_]*\\+\\})?$`,
    );
    for (const key of keys) {
      expect(key, key).toMatch(valid);
      const names = [...key.matchAll(/\{(\w+)\+?\}/g)].map((m) => m[1]);
      expect(new Set(names).size, key).toBe(names.length);
    }
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(ROUTES.map(routeKey).sort());
  });

  it('keeps the logical ids of what holds data and secrets, so grouping the stack into rooms replaces none of it', () => {
    // These ids are those of the first release; a new id would make CloudFormation create a new,
    // empty table (the old one is retained, orphaned) or a new secret (every session signed out).
    const stateful = Object.entries(resources)
      .filter(([, r]) =>
        ['AWS::DynamoDB::Table', 'AWS::SecretsManager::Secret', 'AWS::S3::Bucket'].includes(r.Type),
      )
      .map(([id]) => id)
      .sort();
    expect(stateful).toEqual(
      [
        'AccessLogs8B620ECA',
        'Documents7E5B2978',
        'JwtSecretB8834B39',
        'OriginVerifyED6A82E8',
        'Receipts59C0D3E0',
        'TableCD117FA1',
        'Web3C8945DB',
      ].sort(),
    );
    // A route's function and a job's function, each in its room, named as before.
    expect(functionIdOf('login')).toBe('LoginFunction19F3584F');
    expect(functionIdOf('reset-demo')).toBe('ResetDemoFunction10FA32EA');
  });

  it('builds the table from TABLE_DEFINITION, on demand, with point-in-time recovery, TTL and retained on delete', () => {
    const tables = Object.values(resources).filter((r) => r.Type === 'AWS::DynamoDB::Table');
    expect(tables).toHaveLength(1);
    const table = tables[0]!;
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.UpdateReplacePolicy).toBe('Retain');
    const p = table.Properties;
    expect(p.BillingMode).toBe('PAY_PER_REQUEST');
    expect(p.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(p.TimeToLiveSpecification).toEqual({
      AttributeName: TABLE_DEFINITION.timeToLiveAttribute,
      Enabled: true,
    });
    expect(p.KeySchema).toEqual([
      { AttributeName: TABLE_DEFINITION.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_DEFINITION.sortKey, KeyType: 'RANGE' },
    ]);
    expect(p.GlobalSecondaryIndexes).toEqual(
      TABLE_DEFINITION.globalSecondaryIndexes.map((gsi) => ({
        IndexName: gsi.indexName,
        KeySchema: [
          { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
          { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    );
  });

  it('grants read-only functions no write action on the table, and read-write functions the writes they need', () => {
    const readOnly = ROUTES.filter((r) => r.access === 'read');
    expect(readOnly.length).toBeGreaterThan(10);
    for (const route of readOnly) {
      const statements = statementsOf(functionIdOf(route.handler));
      const actions = statements.filter((s) => !s.conditions).flatMap((s) => s.actions);
      expect(actions, route.handler).toContain('dynamodb:Query');
      for (const write of WRITE_ACTIONS) expect(actions, route.handler).not.toContain(write);
      // A read-only route open to API tokens records their last use: that one attribute, nothing else.
      const conditioned = statements.filter(
        (s) => s.conditions && s.actions.every((a) => a.startsWith('dynamodb:')),
      );
      expect(conditioned.length, route.handler).toBe(route.acceptsApiTokens ? 1 : 0);
      for (const s of conditioned) {
        expect(s.actions).toEqual(['dynamodb:UpdateItem']);
        expect(s.conditions).toEqual({
          'ForAllValues:StringEquals': { 'dynamodb:Attributes': ['PK', 'SK', 'lastUsedAt'] },
          StringEqualsIfExists: { 'dynamodb:ReturnValues': 'NONE' },
        });
      }
    }
    for (const { handler } of [...ROUTES.filter((r) => r.access === 'readwrite'), ...JOBS]) {
      expect(actionsOf(functionIdOf(handler)), handler).toContain('dynamodb:PutItem');
    }
    // No function may touch anything with a bare `*` resource.
    for (const { handler } of [...ROUTES, ...JOBS]) {
      for (const s of statementsOf(functionIdOf(handler))) expect(s.resource, handler).not.toBe('"*"');
    }
  });

  it('lets only token-handling functions read the JWT secret and only mail-sending functions use SES', () => {
    for (const route of ROUTES) {
      const actions = actionsOf(functionIdOf(route.handler));
      expect(actions.includes('secretsmanager:GetSecretValue'), route.handler).toBe(needsJwtSecret(route));
      expect(actions.includes('ses:SendEmail'), route.handler).toBe(route.needs.sendsEmail === true);
    }
    expect(actionsOf(functionIdOf('register-user'))).toContain('ses:SendEmail');
    expect(actionsOf(functionIdOf('forgot-password'))).toContain('ses:SendEmail');
    expect(actionsOf(functionIdOf('reset-demo'))).not.toContain('secretsmanager:GetSecretValue');
    template.resourceCountIs('AWS::SES::EmailIdentity', 1);
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: { PasswordLength: 64 },
    });
  });

  it('keeps every bucket private and reachable over TLS only', () => {
    const buckets = Object.entries(resources).filter(([, r]) => r.Type === 'AWS::S3::Bucket');
    expect(buckets.length).toBeGreaterThanOrEqual(2);
    for (const [id, bucket] of buckets) {
      expect(bucket.Properties.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      const policy = Object.values(resources).find(
        (r) => r.Type === 'AWS::S3::BucketPolicy' && r.Properties.Bucket.Ref === id,
      );
      const denyInsecure = policy?.Properties.PolicyDocument.Statement.find(
        (s: any) => s.Effect === 'Deny' && s.Condition?.Bool?.['aws:SecureTransport'] === 'false',
      );
      expect(denyInsecure, id).toBeDefined();
    }
  });

  it('serves the SPA with a history fallback that leaves files and the API alone', () => {
    const distribution = Object.values(resources).find((r) => r.Type === 'AWS::CloudFront::Distribution')!
      .Properties.DistributionConfig;
    // Error-response mapping would turn the API's 404s into index.html.
    expect(distribution.CustomErrorResponses).toBeUndefined();
    const fn = Object.values(resources).find((r) => r.Type === 'AWS::CloudFront::Function')!;
    const code = fn.Properties.FunctionCode as string;
    const rewrite = (uri: string) =>
      runInNewContext(`${code}\nhandler({ request: { uri: ${JSON.stringify(uri)} } }).uri`) as string;
    expect(rewrite('/projects')).toBe('/index.html');
    expect(rewrite('/projectdetails/01HZY3M6Q4')).toBe('/index.html');
    expect(rewrite('/resetpassword/abc-def')).toBe('/index.html');
    expect(rewrite('/assets/main-4F2A.js')).toBe('/assets/main-4F2A.js');
    expect(rewrite('/index.html')).toBe('/index.html');
    const associations = distribution.DefaultCacheBehavior.FunctionAssociations;
    expect(associations).toHaveLength(1);
    expect(associations[0].EventType).toBe('viewer-request');
    for (const behavior of distribution.CacheBehaviors) expect(behavior.FunctionAssociations).toBeUndefined();
  });

  it('sends /api/* uncached with the viewer’s headers, and lets the embed endpoint’s own cache header rule', () => {
    const distribution = Object.values(resources).find((r) => r.Type === 'AWS::CloudFront::Distribution')!
      .Properties.DistributionConfig;
    const behaviors = distribution.CacheBehaviors as any[];
    const patterns = behaviors.map((b) => b.PathPattern);
    // CloudFront takes the first match, so the embed endpoint must come before /api/*.
    expect(patterns.indexOf('/api/embed/*')).toBeLessThan(patterns.indexOf('/api/*'));
    const api = behaviors.find((b) => b.PathPattern === '/api/*');
    expect(api.CachePolicyId).toBe(CACHING_DISABLED);
    expect(api.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']));
    const embedApi = behaviors.find((b) => b.PathPattern === '/api/embed/*');
    expect(embedApi.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
    const embedApiCache = resources[embedApi.CachePolicyId.Ref]!.Properties.CachePolicyConfig;
    expect(embedApiCache.MinTTL).toBe(0);
    expect(embedApiCache.DefaultTTL).toBe(0);
    expect(
      embedApiCache.ParametersInCacheKeyAndForwardedToOrigin.QueryStringsConfig.QueryStringBehavior,
    ).toBe('all');
    const embed = behaviors.find((b) => b.PathPattern === '/embed/*');
    const embedCache = resources[embed.CachePolicyId.Ref]!.Properties.CachePolicyConfig;
    expect(embedCache.DefaultTTL).toBeGreaterThanOrEqual(86_400);
    const cors =
      resources[embed.ResponseHeadersPolicyId.Ref]!.Properties.ResponseHeadersPolicyConfig.CorsConfig;
    expect(cors.AccessControlAllowOrigins.Items).toEqual(['*']);
  });

  it('vouches for CloudFront’s viewer address with a secret origin header the functions also hold', () => {
    const distribution = Object.values(resources).find((r) => r.Type === 'AWS::CloudFront::Distribution')!
      .Properties.DistributionConfig;
    const apiOrigin = (distribution.Origins as any[]).find((o) => o.CustomOriginConfig);
    const header = (apiOrigin.OriginCustomHeaders as any[]).find((h) => h.HeaderName === 'x-origin-verify');
    const secretOf = (value: unknown) => JSON.stringify(value).match(/OriginVerify[A-Za-z0-9]+/)?.[0];
    const secret = secretOf(header.HeaderValue);
    expect(secret).toBeDefined();
    expect(resources[secret!]!.Type).toBe('AWS::SecretsManager::Secret');
    for (const handler of ['login', 'register-user']) {
      const env = resources[functionIdOf(handler)]!.Properties.Environment.Variables;
      expect(secretOf(env.ORIGIN_VERIFY)).toBe(secret);
    }
  });

  it('puts security headers on the app and reaches S3 only through origin access control', () => {
    const distribution = Object.values(resources).find((r) => r.Type === 'AWS::CloudFront::Distribution')!
      .Properties.DistributionConfig;
    const policyId = distribution.DefaultCacheBehavior.ResponseHeadersPolicyId.Ref as string;
    const headers = resources[policyId]!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31_536_000);
    expect(headers.ContentTypeOptions.Override).toBe(true);
    expect(headers.FrameOptions.FrameOption).toBe('DENY');
    expect(headers.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
    expect(resolvedInRegion(headers.ContentSecurityPolicy.ContentSecurityPolicy)).toContain(
      "default-src 'self'",
    );
    // Page views are off by default: the app calls only the file buckets (a receipt's presigned PUT,
    // the export's files) besides its own origin.
    const csp = resolvedInRegion(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toContain(`connect-src 'self' https://*.s3.${REGION}.amazonaws.com;`);
    expect(resolvedInRegion(headers.ContentSecurityPolicy.ContentSecurityPolicy)).toContain(
      "frame-ancestors 'none'",
    );
    template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    const s3Origins = distribution.Origins.filter((o: any) => o.S3OriginConfig);
    for (const origin of s3Origins) expect(origin.OriginAccessControlId).toBeDefined();
  });

  it('sends from CloudFront exactly the headers the local server sends, behaviour by behaviour', async () => {
    const distribution = Object.values(resources).find((r) => r.Type === 'AWS::CloudFront::Distribution')!
      .Properties.DistributionConfig;
    const behaviors: Record<Surface, any> = {
      app: distribution.DefaultCacheBehavior,
      embed: distribution.CacheBehaviors.find((b: any) => b.PathPattern === '/embed/*'),
      api: distribution.CacheBehaviors.find((b: any) => b.PathPattern === '/api/*'),
      embedApi: distribution.CacheBehaviors.find((b: any) => b.PathPattern === '/api/embed/*'),
    };
    // A request of each surface to the real local server, on the files the stack deploys.
    const server = createLocalServer({ app: join(work, 'app'), embed: join(work, 'embed') });
    const { port } = await listenLocal(server, 0, '127.0.0.1');
    const local = (path: string) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        httpRequest(`http://127.0.0.1:${port}${path}`, (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers));
        })
          .on('error', reject)
          .end();
      });
    const paths: Record<Surface, string> = {
      app: '/projects',
      embed: '/embed/timeledger-embed.js',
      api: '/api/auth',
      embedApi: '/api/embed/u/p/projecttimepertaskchart/pie',
    };
    try {
      for (const surface of Object.keys(behaviors) as Surface[]) {
        const behavior = behaviors[surface];
        const config =
          resources[behavior.ResponseHeadersPolicyId.Ref]!.Properties.ResponseHeadersPolicyConfig;
        const fromCloudFront = headersCloudFrontWrites(config);
        const sent = await local(paths[surface]);
        // The file buckets: the local S3 server's origin there, the region's S3 origin on AWS.
        const csp = sent['content-security-policy'];
        if (typeof csp === 'string') {
          sent['content-security-policy'] = csp.replace(
            localFileOrigins().join(' '),
            awsFileOrigins(REGION).join(' '),
          );
        }
        const fromLocal = Object.fromEntries(Object.keys(fromCloudFront).map((name) => [name, sent[name]]));
        expect(fromLocal, surface).toEqual(fromCloudFront);
        // Nothing security-related locally that CloudFront would not send.
        for (const name of SECURITY_HEADER_NAMES) {
          // The embed endpoint's handler opens CORS itself; CloudFront passes that on.
          if (surface === 'embedApi' && name === 'access-control-allow-origin') continue;
          if (!(name in fromCloudFront)) expect(sent[name], `${surface} ${name}`).toBeUndefined();
        }
        expect(behavior.Compress ?? true, surface).toBe(COMPRESSED[surface]);
      }
    } finally {
      server.close();
    }
  });

  it('publishes no source maps, hashed assets as immutable and the pages as no-cache', () => {
    const deployments = Object.values(resources).filter((r) => r.Type === 'Custom::CDKBucketDeployment');
    const byPrefix = (prefix: string | undefined) =>
      deployments.filter((d) => d.Properties.DestinationBucketKeyPrefix === prefix);
    const app = byPrefix(undefined);
    expect(app).toHaveLength(2);
    const assets = app.find((d) => d.Properties.Include?.includes('assets/*'))!;
    expect(assets.Properties.Exclude).toEqual(['*']);
    expect(assets.Properties.SystemMetadata['cache-control']).toBe(CACHE_CONTROL.hashedAsset);
    expect(assets.Properties.Prune).toBe(false);
    const pages = app.find((d) => d !== assets)!;
    expect(pages.Properties.Exclude).toEqual(expect.arrayContaining(['assets/*', 'embed/*']));
    expect(pages.Properties.SystemMetadata['cache-control']).toBe(CACHE_CONTROL.page);
    expect(byPrefix('embed/')[0]!.Properties.SystemMetadata['cache-control']).toBe(CACHE_CONTROL.embedBundle);

    // The staged app asset (what is zipped and uploaded) holds the script but not its map.
    const staged = readdirSync(join(work, 'cdk.out'))
      .filter((name) => name.startsWith('asset.'))
      .map((name) => join(work, 'cdk.out', name))
      .filter((dir) => existsSync(join(dir, 'index.html')));
    expect(staged.length).toBeGreaterThan(0);
    for (const dir of staged) {
      expect(readdirSync(join(dir, 'assets'))).toEqual(['main-4F2A9QZB.js']);
      expect(existsSync(join(dir, 'meta.json'))).toBe(false);
    }
    // Nor does the embed bundle's (audit fix 10).
    const stagedEmbed = readdirSync(join(work, 'cdk.out'))
      .filter((name) => name.startsWith('asset.'))
      .map((name) => join(work, 'cdk.out', name))
      .filter((dir) => existsSync(join(dir, 'timeledger-embed.js')));
    expect(stagedEmbed.length).toBeGreaterThan(0);
    for (const dir of stagedEmbed) expect(readdirSync(dir)).toEqual(['timeledger-embed.js']);
  });

  it('serves the embed example page with the app’s security headers, before the embed bundle’s behaviour', () => {
    const distribution = Object.values(resources).find((r) => r.Type === 'AWS::CloudFront::Distribution')!
      .Properties.DistributionConfig;
    const behaviors = distribution.CacheBehaviors as any[];
    const patterns = behaviors.map((b) => b.PathPattern);
    expect(patterns.indexOf('/embed/example.html')).toBeGreaterThanOrEqual(0);
    expect(patterns.indexOf('/embed/example.html')).toBeLessThan(patterns.indexOf('/embed/*'));
    const example = behaviors[patterns.indexOf('/embed/example.html')];
    expect(example.ResponseHeadersPolicyId).toEqual(
      distribution.DefaultCacheBehavior.ResponseHeadersPolicyId,
    );
  });

  it('leaves CloudFront the only way to the API: a custom API domain switches execute-api off, and every function holds the origin secret', () => {
    // Default: CloudFront needs the execute-api host; the functions refuse calls without the secret.
    const api = Object.values(resources).find((r) => r.Type === 'AWS::ApiGatewayV2::Api')!;
    expect(api.Properties.DisableExecuteApiEndpoint).toBeFalsy();
    for (const { handler } of ROUTES) {
      const env = resources[functionIdOf(handler)]!.Properties.Environment.Variables;
      expect(JSON.stringify(env.ORIGIN_VERIFY), handler).toMatch(/OriginVerify/);
    }

    const app = new App({ outdir: join(work, 'api-domain.out'), context: { 'aws:cdk:bundling-stacks': [] } });
    const context: Record<string, string> = {
      apiDomainName: 'api.timeledger.example',
      apiCertificateArn:
        'arn:aws:acm:eu-west-1:123456789012:certificate/0f6d6ad8-4f6c-4c8e-9d0c-1f1b5c1d0a11',
    };
    const withDomain = Template.fromStack(
      new TimeledgerStack(app, 'WithApiDomain', { settings: readSettings((key) => context[key]) }),
    );
    withDomain.hasResourceProperties('AWS::ApiGatewayV2::Api', { DisableExecuteApiEndpoint: true });
    withDomain.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: 'api.timeledger.example',
      DomainNameConfigurations: [{ CertificateArn: context.apiCertificateArn, EndpointType: 'REGIONAL' }],
    });
    withDomain.resourceCountIs('AWS::ApiGatewayV2::ApiMapping', 1);
    const cdn = Object.values(withDomain.findResources('AWS::CloudFront::Distribution'))[0]!;
    const apiOrigin = cdn.Properties.DistributionConfig.Origins.find((o: any) => o.CustomOriginConfig);
    expect(JSON.stringify(apiOrigin.DomainName)).toMatch(/ApiDomain|api\.timeledger\.example/);
    expect(JSON.stringify(apiOrigin.DomainName)).not.toMatch(/ApiEndpoint|execute-api/);
    expect(() => readSettings((key) => (key === 'apiDomainName' ? 'api.example.org' : undefined))).toThrow(
      /apiCertificateArn/,
    );
  });

  it('resets the demo on the configured schedule and throttles the API stage', () => {
    const rules = Object.values(resources).filter((r) => r.Type === 'AWS::Events::Rule');
    const ruleOf = (handler: string) =>
      rules.find((r) => r.Properties.Targets[0].Arn['Fn::GetAtt'][0] === functionIdOf(handler))!;
    expect(rules).toHaveLength(JOBS.length);
    expect(ruleOf('reset-demo').Properties.ScheduleExpression).toBe(
      Schedule.rate(Duration.minutes(DEFAULT_SETTINGS.demoScheduleMinutes)).expressionString,
    );
    expect(DEFAULT_SETTINGS.demoScheduleMinutes).toBe(60);
    // Pending project and account deletions are completed every 5 minutes, within a budget well
    // below the sweep function's timeout.
    expect(ruleOf('finish-deletions').Properties.ScheduleExpression).toBe('rate(5 minutes)');
    const sweep = resources[functionIdOf('finish-deletions')]!.Properties;
    expect(sweep.Timeout).toBe(300);
    expect(SWEEP_BUDGET_MS).toBeLessThanOrEqual(sweep.Timeout * 1000 - 30_000);
    // A request spends at most half its function's time on clean-up and leaves the rest to the sweep.
    for (const handler of ['delete-project', 'delete-account', 'create-project']) {
      const timeout = resources[functionIdOf(handler)]!.Properties.Timeout;
      expect(REQUEST_BUDGET_MS, handler).toBeLessThanOrEqual((timeout * 1000) / 2);
    }
    const stage = Object.values(resources).find((r) => r.Type === 'AWS::ApiGatewayV2::Stage')!.Properties;
    expect(stage.StageName).toBe('$default');
    expect(stage.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: DEFAULT_SETTINGS.apiRateLimit,
      ThrottlingBurstLimit: DEFAULT_SETTINGS.apiBurstLimit,
    });
    expect(stage.AccessLogSettings.DestinationArn).toBeDefined();
  });

  it('reserves and caps the concurrency of exactly the functions that hash a password, so a flood of sign-ins cannot starve the rest', () => {
    const hashing = ROUTES.filter((r) => r.needs.hashesPasswords).map((r) => r.handler);
    // Every route whose domain code checks or sets a password (scrypt), and no other.
    expect(hashing.sort()).toEqual(
      [
        'change-email',
        'change-password',
        'create-api-token',
        'delete-account',
        'disable-two-factor',
        'login',
        'register-user',
        'reset-password',
        'start-two-factor',
      ].sort(),
    );
    expect(DEFAULT_SETTINGS.signInConcurrency).toBeGreaterThan(0);
    for (const { handler } of [...ROUTES, ...JOBS]) {
      const props = resources[functionIdOf(handler)]!.Properties;
      expect(props.ReservedConcurrentExecutions, handler).toBe(
        hashing.includes(handler) ? DEFAULT_SETTINGS.signInConcurrency : undefined,
      );
      // scrypt at N=2^17 needs 128 MiB, and the CPU share that comes with 1 GB.
      if (hashing.includes(handler)) expect(props.MemorySize, handler).toBe(1024);
    }
  });

  it('raises alarms on API 5xx and on errors of every function', () => {
    const alarms = Object.values(resources).filter((r) => r.Type === 'AWS::CloudWatch::Alarm');
    const api5xx = alarms.filter((a) => a.Properties.MetricName === '5xx');
    expect(api5xx).toHaveLength(1);
    expect(api5xx[0]!.Properties.Namespace).toBe('AWS/ApiGateway');
    // The errors of each area's functions (at most 10 a metric math alarm), summed; the alarm names them.
    const functionsOf = (alarm: Resource) =>
      (alarm.Properties.Metrics ?? [])
        .filter((m: any) => m.MetricStat?.Metric.MetricName === 'Errors')
        .map(
          (m: any) => m.MetricStat.Metric.Dimensions.find((d: any) => d.Name === 'FunctionName').Value.Ref,
        );
    for (const { handler } of [...ROUTES, ...JOBS]) {
      const id = functionIdOf(handler);
      const alarm = alarms.filter((a) => functionsOf(a).includes(id));
      expect(alarm, handler).toHaveLength(1);
      expect(alarm[0]!.Properties.AlarmActions).toHaveLength(1);
      expect(alarm[0]!.Properties.AlarmDescription).toContain(handler);
      expect(functionsOf(alarm[0]!).length).toBeLessThanOrEqual(10);
      const expression = alarm[0]!.Properties.Metrics.find((m: any) => m.Expression).Expression as string;
      expect(expression).toMatch(/^SUM\(\[FILL\(m0, 0\)/);
    }
    const clientAlarm = alarms.find((a) => functionsOf(a).includes(functionIdOf('create-client')));
    expect(clientAlarm?.Properties.AlarmDescription).toContain('billing functions');
  });

  it('stays clearly under CloudFormation’s 500 resources per stack, so new endpoints fail here first', () => {
    // Each route costs about 5 (function, route, integration, permission, a share of the alarms).
    // Release 4 added 13 functions and the receipt check's notification (456 resources): the next
    // endpoints need room first (e.g. the jobs and stream consumers in a nested stack).
    expect(Object.keys(resources).length).toBeLessThan(470);
  });
});

describe('cdk-nag in this setup', () => {
  it('fails synth on an unacknowledged AwsSolutions error, so the stack’s clean report means something', () => {
    // Prepare: a stack with a bucket that allows plain HTTP and keeps no access logs.
    const app = new App({ outdir: join(work, 'nag.out') });
    const bad = new Stack(app, 'Bad');
    new Bucket(bad, 'Insecure');
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    // Act + Assess
    expect(() => app.synth()).toThrow(/AwsSolutions-S10|AwsSolutions-S1/);
  });
});

describe('deployment settings (CDK context)', () => {
  it('synthesises from defaults alone, and takes `-c key=value` strings as numbers', () => {
    expect(readSettings(() => undefined)).toEqual(DEFAULT_SETTINGS);
    const context: Record<string, string> = { freeProjectLimit: '5', senderEmail: 'hello@example.org' };
    const settings = readSettings((key) => context[key]);
    expect(settings.freeProjectLimit).toBe(5);
    expect(settings.senderEmail).toBe('hello@example.org');
  });

  it('leaves every default to functions/lib/settings.ts: cdk.json sets none of them', () => {
    const cdkJson = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'cdk.json'), 'utf8')) as {
      app: string;
      context?: Record<string, unknown>;
    };
    expect(cdkJson.app).toContain('infra/app.ts');
    const settingsInCdkJson = Object.keys(cdkJson.context ?? {}).filter((key) => key in SETTINGS);
    expect(settingsInCdkJson).toEqual([]);
  });

  it('refuses settings that would deploy a broken product, with a message naming the setting', () => {
    expect(() => readSettings((k) => (k === 'freeItemLimit' ? 'many' : undefined))).toThrow(/freeItemLimit/);
    expect(() => readSettings((k) => (k === 'senderEmail' ? 'not-an-email' : undefined))).toThrow(
      /senderEmail/,
    );
    expect(() => readSettings((k) => (k === 'domainName' ? 'timeledger.example.org' : undefined))).toThrow(
      /certificateArn/,
    );
    expect(() => readSettings((k) => (k === 'demoScheduleMinutes' ? 0 : undefined))).toThrow(
      /demoScheduleMinutes/,
    );
    expect(() => readSettings((k) => (k === 'analyticsUrl' ? 'stats.example.org' : undefined))).toThrow(
      /analyticsUrl must be an absolute URL/,
    );
  });

  it('leaves page views off unless an endpoint is configured, and then lets the app call only that origin', () => {
    expect(readSettings(() => undefined).analyticsUrl).toBeUndefined();
    expect(readSettings((k) => (k === 'analyticsUrl' ? '' : undefined)).analyticsUrl).toBeUndefined();
    const on = readSettings((k) => (k === 'analyticsUrl' ? 'https://stats.example.org/hit' : undefined));
    expect(on.analyticsUrl).toBe('https://stats.example.org/hit');
    expect(securityHeadersOf('app', on.analyticsUrl).contentSecurityPolicy).toContain(
      "connect-src 'self' https://stats.example.org;",
    );
    expect(securityHeadersOf('api', on.analyticsUrl).contentSecurityPolicy).not.toContain(
      'stats.example.org',
    );
  });
});
