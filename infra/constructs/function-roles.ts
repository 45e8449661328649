import { type CfnElement, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { acknowledge, type RoleGrants, tokenUseStatement } from './api-function';

/**
 * One execution role per set of grants (table read or read-write, the JWT secret, SES, a read-only
 * function's update of API tokens' `lastUsedAt`), shared by
 * the functions that need exactly those grants, instead of one role and policy per function: the
 * stack has more than 60 functions, and two IAM resources each would take it past CloudFormation's
 * 500 resources per stack. Least privilege holds for what matters (no function can write the
 * table, read the secret or send mail unless its route-table entry says so); each function adds
 * the write to its own log group to the shared role, so the functions of one role can write each
 * other's logs (diagnostics only, never user data).
 */
export class FunctionRoles extends Construct {
  private readonly roles = new Map<string, iam.Role>();

  constructor(
    scope: Construct,
    id: string,
    private readonly resources: { table: ITable; jwtSecret: ISecret; emailIdentity: IEmailIdentity },
  ) {
    super(scope, id);
  }

  /** The role for these grants (made on first use, with a stable construct id from the grants). */
  roleFor(grants: RoleGrants): iam.Role {
    const id = [
      grants.tableAccess === 'readwrite' ? 'ReadWrite' : 'Read',
      grants.jwtSecret ? 'Jwt' : '',
      grants.email ? 'Email' : '',
      grants.recordsApiTokenUse ? 'TokenUse' : '',
    ].join('');
    const existing = this.roles.get(id);
    if (existing) return existing;
    const role = new iam.Role(this, id, { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    const { table, jwtSecret, emailIdentity } = this.resources;
    if (grants.tableAccess === 'readwrite') table.grantReadWriteData(role);
    else table.grantReadData(role);
    if (grants.jwtSecret) jwtSecret.grantRead(role);
    if (grants.email) emailIdentity.grantSendEmail(role);
    if (grants.tableAccess === 'read' && grants.recordsApiTokenUse)
      role.addToPolicy(tokenUseStatement(table));
    const tableId = Stack.of(this).getLogicalId(table.node.defaultChild as CfnElement);
    acknowledge(role, [
      {
        id: `AwsSolutions-IAM5[Resource::<${tableId}.Arn>/index/*]`,
        reason:
          'Queries on the table’s own global index (GSI1) need the index ARN; the grant is limited to this one table.',
      },
    ]);
    this.roles.set(id, role);
    return role;
  }
}
