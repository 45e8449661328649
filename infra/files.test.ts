import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_CORS,
  DOCUMENT_RETENTION_YEARS,
  FILE_ACCESS,
  type FileAccess,
  RECEIPT_CORS,
  RECEIPT_NONCURRENT_DAYS,
} from '../functions/lib/buckets';
import { ROUTES } from '../functions/routes';
import { Files, type FilesProps } from './constructs/files';
import { FunctionRoles } from './constructs/function-roles';
import { readSettings } from './settings';

type Resources = Record<string, { Type: string; Properties: Record<string, any>; DeletionPolicy?: string }>;

const APP_ORIGIN = 'https://timeledger.example.org';

/** The Files construct alone in a stack, with one role per entry of `grants`; answers the template's resources. */
function synth(
  objectLock: FilesProps['objectLock'] = { years: 0, mode: 'GOVERNANCE' },
  grants: Record<string, readonly FileAccess[]> = {},
  more?: (stack: Stack, files: Files) => void,
) {
  const stack = new Stack(new App(), 'FilesTest');
  const files = new Files(stack, 'Files', {
    appOrigin: APP_ORIGIN,
    logsBucket: new s3.Bucket(stack, 'Logs'),
    objectLock,
  });
  for (const [id, access] of Object.entries(grants)) {
    const role = new iam.Role(stack, id, { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    files.grant(role, access);
  }
  more?.(stack, files);
  const resources = Template.fromStack(stack).toJSON().Resources as Resources;
  const bucketId = (name: string) => Object.keys(resources).find((id) => id.startsWith(name))!;
  return {
    stack,
    files,
    resources,
    documents: bucketId('FilesDocuments'),
    receipts: bucketId('FilesReceipts'),
  };
}

/** The statements of the policies attached to a role. */
function statementsOfRole(resources: Resources, roleId: string): any[] {
  return Object.values(resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && r.Properties.Roles.some((x: any) => x.Ref === roleId))
    .flatMap((r) => r.Properties.PolicyDocument.Statement);
}

const roleIdOf = (resources: Resources, name: string) =>
  Object.keys(resources).find((id) => id.startsWith(name) && resources[id]!.Type === 'AWS::IAM::Role')!;

describe('the buckets of files (CDK)', () => {
  it('keeps both private, encrypted, versioned, TLS-only, logged and retained when the stack goes', {
    timeout: 120_000,
  }, () => {
    const { resources, documents, receipts } = synth();
    for (const id of [documents, receipts]) {
      const bucket = resources[id]!;
      expect(bucket.DeletionPolicy, id).toBe('Retain');
      expect(bucket.Properties.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption, id).toEqual({
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      });
      expect(bucket.Properties.VersioningConfiguration, id).toEqual({ Status: 'Enabled' });
      expect(bucket.Properties.OwnershipControls, id).toEqual({
        Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }],
      });
      expect(bucket.Properties.LoggingConfiguration?.DestinationBucketName, id).toBeDefined();
      const policy = Object.values(resources).find(
        (r) => r.Type === 'AWS::S3::BucketPolicy' && r.Properties.Bucket.Ref === id,
      )!;
      const statements = policy.Properties.PolicyDocument.Statement;
      expect(statements, id).toContainEqual(
        expect.objectContaining({
          Effect: 'Deny',
          Action: 's3:*',
          Principal: { AWS: '*' },
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
      );
      // Nothing opens the bucket to anyone.
      expect(
        statements.filter((s: any) => s.Effect === 'Allow'),
        id,
      ).toEqual([]);
    }
  });

  it('leaves Object Lock off by default', () => {
    const { resources, documents, receipts } = synth();
    for (const id of [documents, receipts]) {
      expect(resources[id]!.Properties.ObjectLockEnabled, id).toBeUndefined();
      expect(resources[id]!.Properties.ObjectLockConfiguration, id).toBeUndefined();
    }
  });

  it('locks every issued document for 8 years (leap days included) in the mode asked, and never a receipt', () => {
    for (const mode of ['GOVERNANCE', 'COMPLIANCE'] as const) {
      const { resources, documents, receipts } = synth({ years: DOCUMENT_RETENTION_YEARS, mode });
      expect(resources[documents]!.Properties.ObjectLockEnabled).toBe(true);
      expect(resources[documents]!.Properties.ObjectLockConfiguration).toEqual({
        ObjectLockEnabled: 'Enabled',
        Rule: { DefaultRetention: { Mode: mode, Days: 2922 } },
      });
      // Receipts go with their activity (CONTRACT §9): a lock would keep them.
      expect(resources[receipts]!.Properties.ObjectLockEnabled).toBeUndefined();
    }
  });

  it('takes Object Lock from the stack’s context, and refuses a mode S3 does not have', () => {
    const settings = readSettings((k) => ({ objectLockYears: '8', objectLockMode: 'COMPLIANCE' })[k]);
    expect(settings.objectLockYears).toBe(8);
    expect(settings.objectLockMode).toBe('COMPLIANCE');
    expect(readSettings(() => undefined).objectLockYears).toBe(0);
    expect(() => readSettings((k) => (k === 'objectLockMode' ? 'compliant' : undefined))).toThrow(
      /objectLockMode must be GOVERNANCE or COMPLIANCE/,
    );
    expect(() => readSettings((k) => (k === 'objectLockYears' ? 'eight' : undefined))).toThrow(
      /objectLockYears/,
    );
  });

  it('lets only the app’s origin upload a receipt from the browser, with the signed content type', () => {
    const { resources, documents, receipts } = synth();
    expect(resources[receipts]!.Properties.CorsConfiguration).toEqual({
      CorsRules: [
        {
          AllowedOrigins: [APP_ORIGIN],
          AllowedMethods: [...RECEIPT_CORS.methods],
          AllowedHeaders: [...RECEIPT_CORS.headers],
          ExposedHeaders: [...RECEIPT_CORS.exposedHeaders],
          MaxAge: RECEIPT_CORS.maxAgeSeconds,
        },
      ],
    });
    // Documents are only read from the browser (the export's zip), never written.
    expect(resources[documents]!.Properties.CorsConfiguration).toEqual({
      CorsRules: [
        {
          AllowedOrigins: [APP_ORIGIN],
          AllowedMethods: [...DOCUMENT_CORS.methods],
          ExposedHeaders: [...DOCUMENT_CORS.exposedHeaders],
          MaxAge: DOCUMENT_CORS.maxAgeSeconds,
        },
      ],
    });
  });

  it('forgets a replaced or deleted receipt’s old version after 30 days, and keeps every document version', () => {
    const { resources, documents, receipts } = synth();
    expect(resources[receipts]!.Properties.LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({
        Status: 'Enabled',
        NoncurrentVersionExpiration: { NoncurrentDays: RECEIPT_NONCURRENT_DAYS },
        ExpiredObjectDeleteMarker: true,
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
      }),
    ]);
    expect(resources[documents]!.Properties.LifecycleConfiguration).toBeUndefined();
  });
});

describe('grants by intent (least privilege)', () => {
  it('grants each intent only its own action, on objects under users/ of its own bucket, listing only there', () => {
    const grants = Object.fromEntries(FILE_ACCESS.map((a) => [a.replace(':', ''), [a]]));
    const { resources, documents, receipts } = synth(undefined, grants);
    const expected: Record<FileAccess, { action: string; bucket: string; list: boolean }> = {
      'documents:write': { action: 's3:PutObject', bucket: documents, list: false },
      'documents:read': { action: 's3:GetObject', bucket: documents, list: true },
      'documents:delete': { action: 's3:DeleteObject', bucket: documents, list: true },
      'receipts:upload': { action: 's3:PutObject', bucket: receipts, list: false },
      'receipts:read': { action: 's3:GetObject', bucket: receipts, list: true },
      'receipts:delete': { action: 's3:DeleteObject', bucket: receipts, list: true },
    };
    for (const access of FILE_ACCESS) {
      const statements = statementsOfRole(resources, roleIdOf(resources, access.replace(':', '')));
      const { action, bucket, list } = expected[access];
      expect(statements[0], access).toEqual({
        Effect: 'Allow',
        Action: action,
        Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucket, 'Arn'] }, '/users/*']] },
      });
      expect(statements.slice(1), access).toEqual(
        list
          ? [
              {
                Effect: 'Allow',
                Action: 's3:ListBucket',
                Resource: { 'Fn::GetAtt': [bucket, 'Arn'] },
                Condition: { StringLike: { 's3:prefix': ['users/*'] } },
              },
            ]
          : [],
      );
    }
  });

  it('gives the functions that name the same files the same role, and none to those that name none', () => {
    const stack = new Stack(new App(), 'RolesTest');
    const files = new Files(stack, 'Files', {
      appOrigin: APP_ORIGIN,
      logsBucket: new s3.Bucket(stack, 'Logs'),
      objectLock: { years: 0, mode: 'GOVERNANCE' },
    });
    const table = new dynamodb.Table(stack, 'Table', {
      partitionKey: { name: 'PK', type: dynamodb.AttributeType.STRING },
    });
    const roles = new FunctionRoles(stack, 'Roles', {
      table,
      jwtSecret: undefined as never,
      emailIdentity: undefined as never,
      files,
    });
    const base = { tableAccess: 'read', jwtSecret: false, email: false, recordsApiTokenUse: false } as const;
    const plain = roles.roleFor({ ...base, files: [] });
    const writer = roles.roleFor({ ...base, files: ['documents:write', 'documents:read'] });
    expect(roles.roleFor({ ...base, files: ['documents:read', 'documents:write'] })).toBe(writer);
    expect(writer).not.toBe(plain);
    expect(writer.node.id).toBe('ReadDocumentsReadDocumentsWrite');
    expect(plain.node.id).toBe('Read');
    const policies = JSON.stringify(Template.fromStack(stack).toJSON().Resources);
    const plainPolicy = Object.values(Template.fromStack(stack).toJSON().Resources as Resources).find(
      (r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes('RolesRead'),
    );
    expect(JSON.stringify(plainPolicy?.Properties.PolicyDocument)).not.toContain('s3:');
    expect(policies).toContain('s3:PutObject');
  });

  it('grants file access only to the routes whose entry names it: sending stores the documents, downloads read them', () => {
    const access = Object.fromEntries(
      ROUTES.filter((route) => (route.needs.files ?? []).length > 0).map((r) => [r.handler, r.needs.files]),
    );
    expect(access).toEqual({
      'update-invoice': ['documents:write'],
      'get-invoice-pdf': ['documents:read'],
      'get-invoice-xrechnung': ['documents:read'],
      'get-invoice-ubl': ['documents:read'],
      // Emailing an invoice attaches its stored PDF and XRechnung.
      'email-invoice': ['documents:read'],
      // Receipts: signing the upload and the read; deleting where a receipt, entry, project or account goes.
      'create-receipt': ['receipts:upload'],
      'get-receipt': ['receipts:read'],
      'delete-receipt': ['receipts:delete'],
      'delete-finance-activity': ['receipts:delete'],
      'delete-project': ['receipts:delete'],
      'create-project': ['receipts:delete'],
      'delete-account': ['receipts:delete'],
      // The export's zip: presigned GETs of receipts and documents.
      'export-user-files': ['receipts:read', 'documents:read'],
      // A received e-invoice is kept as its expense's receipt.
      'create-expense-from-einvoice': ['receipts:upload'],
    });
  });

  it('invokes the receipt check for each receipt created, which may read and delete receipts only', () => {
    const { resources } = synth(undefined, {}, (stack, files) => {
      const check = new lambda.Function(stack, 'CheckReceipt', {
        runtime: lambda.Runtime.NODEJS_22_X,
        handler: 'index.handler',
        code: lambda.Code.fromInline('export const handler = async () => {};'),
      });
      files.onReceiptCreated(check);
    });
    const notification = Object.values(resources).find((r) => r.Type === 'Custom::S3BucketNotifications')!;
    const receiptsId = Object.keys(resources).find((id) => id.startsWith('FilesReceipts'))!;
    expect(notification.Properties.BucketName).toEqual({ Ref: receiptsId });
    expect(notification.Properties.NotificationConfiguration.LambdaFunctionConfigurations).toEqual([
      expect.objectContaining({
        Events: ['s3:ObjectCreated:*'],
        Filter: { Key: { FilterRules: [{ Name: 'prefix', Value: 'users/' }] } },
      }),
    ]);
    const roleId =
      resources[
        Object.keys(resources).find(
          (id) => id.startsWith('CheckReceipt') && resources[id]!.Type === 'AWS::Lambda::Function',
        )!
      ]!.Properties.Role['Fn::GetAtt'][0];
    const actions = statementsOfRole(resources, roleId).flatMap((s) => [s.Action].flat());
    expect(actions.sort()).toEqual(['s3:DeleteObject', 's3:GetObject', 's3:ListBucket']);
  });
});
