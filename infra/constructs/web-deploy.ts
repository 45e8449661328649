import { existsSync } from 'node:fs';
import { type CfnElement, Stack, Token } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { webConfig } from '../web-config';
import { appCacheControl, CACHE_CONTROL, HASHED_ASSET_PREFIX, UNPUBLISHED_FILES } from '../web-headers';
import { acknowledge } from './api-function';

/** Uploads what has been built (a missing directory is skipped). */
export function deployWeb(
  scope: Construct,
  target: { bucket: s3.Bucket; distribution: cloudfront.Distribution },
  assets: { app?: string; embed?: string } | undefined,
  analyticsUrl: string | undefined,
): void {
  const app = assets?.app;
  const embed = assets?.embed;
  if (app && existsSync(app)) {
    // Source maps stay on the build machine: published, they would hand out the app's source.
    const built = Source.asset(app, { exclude: [...UNPUBLISHED_FILES] });
    const hashed = `${HASHED_ASSET_PREFIX}*`;
    // Two passes over the same files, each setting its `Cache-Control` (web-headers.ts); each
    // prunes only what its filter covers, and neither touches the embed bundle's prefix.
    const files = new BucketDeployment(scope, 'DeployAppAssets', {
      sources: [built],
      destinationBucket: target.bucket,
      exclude: ['*'],
      include: [hashed],
      cacheControl: [CacheControl.fromString(appCacheControl(HASHED_ASSET_PREFIX))],
      // An open tab still holds the previous index.html and loads its lazy chunks by their old names.
      prune: false,
      memoryLimit: 512,
    });
    const pages = new BucketDeployment(scope, 'DeployApp', {
      // The deployment's settings the SPA reads at run time (infra/web-config.ts).
      sources: [built, Source.jsonData('config.json', webConfig(analyticsUrl))],
      destinationBucket: target.bucket,
      exclude: [hashed, 'embed/*'],
      cacheControl: [CacheControl.fromString(CACHE_CONTROL.page)],
      distribution: target.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    // index.html goes out only once the chunks it names are there.
    pages.node.addDependency(files);
  }
  if (embed && existsSync(embed)) {
    new BucketDeployment(scope, 'DeployEmbed', {
      sources: [Source.asset(embed, { exclude: [...UNPUBLISHED_FILES] })],
      destinationBucket: target.bucket,
      destinationKeyPrefix: 'embed/',
      cacheControl: [CacheControl.fromString(CACHE_CONTROL.embedBundle)],
      distribution: target.distribution,
      distributionPaths: ['/embed/*'],
      memoryLimit: 512,
    });
  }
  // CDK's BucketDeployment helper (one function shared by all deployments, made at the stack's
  // top level) and its role.
  const stack = Stack.of(scope);
  const webBucketId = stack.getLogicalId(target.bucket.node.defaultChild as CfnElement);
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

/** How cdk-nag prints an account or region: the literal when the stack has one, else the pseudo parameter. */
function pseudo(value: string, name: 'AccountId' | 'Region'): string {
  return Token.isUnresolved(value) ? `<AWS::${name}>` : value;
}
