import { type CfnElement, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import type { Construct } from 'constructs';
import {
  type BucketName,
  DOCUMENT_CORS,
  type FileAccess,
  RECEIPT_CORS,
  RECEIPT_NONCURRENT_DAYS,
} from '../../functions/lib/buckets';
import { Room } from './room';

export interface FilesProps {
  /** The app's origin (`https://…`): the only one whose pages may upload a receipt. */
  appOrigin: string;
  /** Where S3 writes the buckets' access logs. */
  logsBucket: s3.IBucket;
  /**
   * Object Lock on the documents bucket: each issued document kept unchangeable and undeletable for
   * `years` (German law: 8) in `mode`. Off when `years` is 0. Decide before the first deployment:
   * S3 turns Object Lock on for a bucket but never off again.
   */
  objectLock: { years: number; mode: 'GOVERNANCE' | 'COMPLIANCE' };
}

/** What each intent of `FILE_ACCESS` allows: the actions, on the objects under `users/` of one bucket. */
const ACTIONS: Record<FileAccess, { bucket: BucketName; objects: string[]; list: boolean }> = {
  'documents:write': { bucket: 'documents', objects: ['s3:PutObject'], list: false },
  // Reading needs ListBucket too: without it S3 answers a missing key 403, not 404 (NoSuchKey).
  'documents:read': { bucket: 'documents', objects: ['s3:GetObject'], list: true },
  'documents:delete': { bucket: 'documents', objects: ['s3:DeleteObject'], list: true },
  'receipts:upload': { bucket: 'receipts', objects: ['s3:PutObject'], list: false },
  'receipts:read': { bucket: 'receipts', objects: ['s3:GetObject'], list: true },
  'receipts:delete': { bucket: 'receipts', objects: ['s3:DeleteObject'], list: true },
};

/** The construct id CDK gives its bucket-notification helper (a singleton per stack). */
const NOTIFICATIONS_HANDLER = 'BucketNotificationsHandler050a0587b7544547bf325f094a3db834';

/** Days in `years`, leap days included (8 years: 2,922 days). */
const daysIn = (years: number) => Math.ceil(years * 365.25);

/**
 * The two buckets of files (`functions/lib/buckets.ts`): issued invoice documents and receipts.
 * Both private (all public access blocked, bucket-owner objects only), encrypted (SSE-S3), versioned,
 * reachable over TLS only, logged, and retained when the stack goes. The documents bucket can hold
 * its objects under Object Lock; the receipts bucket takes the browser's presigned PUT from the
 * app's origin (CORS) and forgets replaced or deleted receipts after `RECEIPT_NONCURRENT_DAYS`.
 */
export class Files extends Room {
  readonly documents: s3.Bucket;
  readonly receipts: s3.Bucket;

  constructor(scope: Construct, id: string, props: FilesProps) {
    super(scope, id);
    const common = (logPrefix: string): s3.BucketProps => ({
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      removalPolicy: RemovalPolicy.RETAIN,
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: logPrefix,
    });
    const { years, mode } = props.objectLock;
    const retention = Duration.days(daysIn(years));
    this.documents = new s3.Bucket(this, 'Documents', {
      ...common('s3-documents/'),
      // The account export's zip is put together in the browser from presigned GETs (issue 37).
      cors: [
        {
          allowedOrigins: [props.appOrigin],
          allowedMethods: DOCUMENT_CORS.methods.map((m) => s3.HttpMethods[m]),
          exposedHeaders: [...DOCUMENT_CORS.exposedHeaders],
          maxAge: DOCUMENT_CORS.maxAgeSeconds,
        },
      ],
      ...(years > 0
        ? {
            objectLockEnabled: true,
            objectLockDefaultRetention:
              mode === 'COMPLIANCE'
                ? s3.ObjectLockRetention.compliance(retention)
                : s3.ObjectLockRetention.governance(retention),
          }
        : {}),
    });
    this.receipts = new s3.Bucket(this, 'Receipts', {
      ...common('s3-receipts/'),
      cors: [
        {
          allowedOrigins: [props.appOrigin],
          allowedMethods: RECEIPT_CORS.methods.map((m) => s3.HttpMethods[m]),
          allowedHeaders: [...RECEIPT_CORS.headers],
          exposedHeaders: [...RECEIPT_CORS.exposedHeaders],
          maxAge: RECEIPT_CORS.maxAgeSeconds,
        },
      ],
      lifecycleRules: [
        {
          id: 'ForgetReplacedAndDeletedReceipts',
          noncurrentVersionExpiration: Duration.days(RECEIPT_NONCURRENT_DAYS),
          expiredObjectDeleteMarker: true,
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
    });
  }

  /** The bucket of a name of `functions/lib/buckets.ts`. */
  bucket(name: BucketName): s3.Bucket {
    return name === 'documents' ? this.documents : this.receipts;
  }

  /** The variables the functions read the buckets' names from (`functions/lib/config.ts`). */
  environment(): Record<string, string> {
    return { DOCUMENTS_BUCKET: this.documents.bucketName, RECEIPTS_BUCKET: this.receipts.bucketName };
  }

  /**
   * Grants a role exactly the intents named (`needs.files` of the route table): the actions of each
   * on the objects under `users/` of its bucket, and listing only under `users/`. No bucket-wide
   * action, no change to a bucket's settings, no Object Lock bypass.
   */
  grant(role: iam.IGrantable, access: readonly FileAccess[]): void {
    for (const name of ['documents', 'receipts'] as const) {
      const wanted = access.filter((a) => ACTIONS[a].bucket === name).map((a) => ACTIONS[a]);
      if (wanted.length === 0) continue;
      const bucket = this.bucket(name);
      role.grantPrincipal.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: [...new Set(wanted.flatMap((w) => w.objects))].sort(),
          resources: [bucket.arnForObjects('users/*')],
        }),
      );
      if (wanted.some((w) => w.list)) {
        role.grantPrincipal.addToPrincipalPolicy(
          new iam.PolicyStatement({
            actions: ['s3:ListBucket'],
            resources: [bucket.bucketArn],
            conditions: { StringLike: { 's3:prefix': ['users/*'] } },
          }),
        );
      }
    }
  }

  /**
   * The hook of the receipt check (CONTRACT §9 "Receipts": a file whose first bytes do not match
   * its content type is removed): S3 invokes `fn` for every receipt created, and `fn` may read and
   * delete receipts. Locally the same check runs after the upload (no S3 events there).
   */
  onReceiptCreated(fn: IFunction): void {
    this.receipts.addEventNotification(s3.EventType.OBJECT_CREATED, new LambdaDestination(fn), {
      prefix: 'users/',
    });
    if (fn.role) {
      this.grant(fn.role, ['receipts:read', 'receipts:delete']);
      const bucketId = Stack.of(this).getLogicalId(this.receipts.node.defaultChild as CfnElement);
      Validations.of(fn.role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/users/*]`,
        reason:
          'The check reads and deletes whichever receipt was uploaded: any key under users/ of this one bucket.',
      });
    }
    // CDK's own helper that puts the notification on the bucket (one per stack).
    const helper = Stack.of(this).node.tryFindChild(NOTIFICATIONS_HANDLER);
    if (helper) {
      Validations.of(helper).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        reason:
          'CDK’s bucket-notification helper (a deployment-time custom resource) comes with the basic Lambda execution role; it handles no user data.',
      });
    }
  }
}
