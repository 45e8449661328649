import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { TABLE_DEFINITION } from '../../functions/data/core/table';
import { acknowledge } from './api-function';
import { Room } from './room';

/**
 * What holds state or secrets: the single table (from `functions/data/core/table.ts`, retained when the
 * stack goes), the JWT signing key, the header value that vouches for CloudFront, and the SES
 * identity the mail is sent from.
 */
export class Data extends Room {
  readonly table: dynamodb.Table;
  readonly jwtSecret: Secret;
  /** CloudFront sends it as `x-origin-verify`; the functions hold it as `ORIGIN_VERIFY`. */
  readonly originVerifyValue: string;
  readonly emailIdentity: EmailIdentity;

  constructor(scope: Construct, id: string, props: { senderEmail: string }) {
    super(scope, id);
    const attr = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });
    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: attr(TABLE_DEFINITION.partitionKey),
      sortKey: attr(TABLE_DEFINITION.sortKey),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE_DEFINITION.timeToLiveAttribute,
      stream: dynamodb.StreamViewType[TABLE_DEFINITION.streamViewType],
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

    this.jwtSecret = new Secret(this, 'JwtSecret', {
      description: 'Timeledger: HS256 key that signs session tokens',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    acknowledge(this.jwtSecret, [
      {
        id: 'AwsSolutions-SMG4',
        reason:
          'Rotating the HS256 key signs every user out at once; tokens are revoked per user by tokenVersion instead. Rotate by hand (put-secret-value) if the key leaks.',
      },
    ]);

    // The functions believe CloudFront's viewer-address header (per-address rate limits) only on
    // requests that carry this value.
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
    this.originVerifyValue = originVerify.secretValue.unsafeUnwrap();

    this.emailIdentity = new EmailIdentity(this, 'Sender', { identity: Identity.email(props.senderEmail) });
  }
}
