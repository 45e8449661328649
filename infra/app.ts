/**
 * The CDK app: `npx cdk synth` / `npx cdk deploy` (see docs/deployment.md). Settings come from
 * CDK context (`cdk.json` defaults, `-c key=value` overrides); no lookups, so synth works offline.
 */
import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ROOT } from './constructs/api-function';
import { readSettings } from './settings';
import { TimeledgerStack } from './stack';

const app = new App();
new TimeledgerStack(app, 'Timeledger', {
  description: 'Timeledger: time, income and expense tracking (API, table, SPA, embed bundle)',
  settings: readSettings((key) => app.node.tryGetContext(key)),
  webAssets: { app: join(ROOT, 'frontend', 'dist'), embed: join(ROOT, 'embed', 'dist') },
  // Account and region come from the CLI's profile at deploy time; synth needs neither.
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
