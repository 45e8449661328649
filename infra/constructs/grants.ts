import { type CfnElement, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { FileAccess } from '../../functions/lib/buckets';
import type { Files } from './files';

/** The grants a function's role holds besides writing its own log group. */
export interface RoleGrants {
  tableAccess: 'read' | 'readwrite';
  jwtSecret: boolean;
  email: boolean;
  /** A read-only function open to API tokens: it may update their `lastUsedAt` ({@link tokenUseStatement}). */
  recordsApiTokenUse: boolean;
  /** What it may do with the files (`needs.files` of the route table); none when empty. */
  files: readonly FileAccess[];
}

/** What grants are granted on. */
export interface GrantedResources {
  table: ITable;
  jwtSecret?: ISecret;
  emailIdentity?: IEmailIdentity;
  files?: Files;
}

/**
 * What a read-only function open to API tokens may write: `lastUsedAt` of a token
 * (`data/identity/api-tokens.ts`) — an UpdateItem touching no other attribute and answering nothing.
 */
export const tokenUseStatement = (table: ITable) =>
  new iam.PolicyStatement({
    actions: ['dynamodb:UpdateItem'],
    resources: [table.tableArn],
    conditions: {
      'ForAllValues:StringEquals': { 'dynamodb:Attributes': ['PK', 'SK', 'lastUsedAt'] },
      StringEqualsIfExists: { 'dynamodb:ReturnValues': 'NONE' },
    },
  });

/** Gives a role exactly `grants` (a function's own role, or one shared by the functions with the same grants). */
export function grantRole(role: iam.Role, grants: RoleGrants, resources: GrantedResources): void {
  const { table } = resources;
  if (grants.tableAccess === 'readwrite') table.grantReadWriteData(role);
  else table.grantReadData(role);
  if (grants.tableAccess === 'read' && grants.recordsApiTokenUse) role.addToPolicy(tokenUseStatement(table));
  if (grants.jwtSecret) resources.jwtSecret?.grantRead(role);
  if (grants.email) resources.emailIdentity?.grantSendEmail(role);
  if (grants.files.length > 0) {
    if (!resources.files) throw new Error('A function needs files, but the stack has no Files construct');
    resources.files.grant(role, grants.files);
  }
  const rules = [
    {
      id: `AwsSolutions-IAM5[Resource::<${Stack.of(role).getLogicalId(table.node.defaultChild as CfnElement)}.Arn>/index/*]`,
      reason:
        'Queries on the table’s own global index (GSI1) need the index ARN; the grant is limited to this one table.',
    },
  ];
  if (grants.files.length > 0 && resources.files) {
    for (const bucket of [resources.files.documents, resources.files.receipts]) {
      const id = Stack.of(role).getLogicalId(bucket.node.defaultChild as CfnElement);
      rules.push({
        id: `AwsSolutions-IAM5[Resource::<${id}.Arn>/users/*]`,
        reason:
          'Files are per user under users/<userId>/ and the user id is only known per request; the grant is limited to the intents the route table names, in this one bucket.',
      });
    }
  }
  Validations.of(role).acknowledge(...rules);
}
