import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import type { Files } from './files';
import { grantRole, type RoleGrants } from './grants';

/**
 * One execution role per set of grants (table read or read-write, the JWT secret, SES, a read-only
 * function's update of API tokens' `lastUsedAt`, what it may do with files), shared by
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
    private readonly resources: {
      table: ITable;
      jwtSecret: ISecret;
      emailIdentity: IEmailIdentity;
      files?: Files;
    },
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
      // `documents:read` → `DocumentsRead`: roles without files keep the ids they had.
      ...[...grants.files]
        .sort()
        .map((access) => access.replace(/(^|:)(\w)/g, (_, __, c: string) => c.toUpperCase())),
    ].join('');
    const existing = this.roles.get(id);
    if (existing) return existing;
    const role = new iam.Role(this, id, { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    grantRole(role, grants, this.resources);
    this.roles.set(id, role);
    return role;
  }
}
