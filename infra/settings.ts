import {
  DEFAULT_SETTINGS,
  parseCount,
  SETTINGS,
  type SettingName,
  type Settings,
} from '../functions/lib/settings';
import { checkAnalyticsUrl } from './web-config';

export { DEFAULT_SETTINGS, type Settings };

type Lookup = (key: string) => unknown;

function text(lookup: Lookup, key: SettingName, fallback: string | undefined): string | undefined {
  const value = lookup(key);
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value !== 'string')
    throw new Error(`Context ${key} must be a string, got ${JSON.stringify(value)}`);
  return value;
}

function count(lookup: Lookup, key: SettingName, fallback: number): number {
  const value = lookup(key);
  // `-c key=5` arrives as the string "5"; a number in cdk.json stays one.
  const n = parseCount(value, fallback);
  if (n === undefined) {
    throw new Error(`Context ${key} must be a non-negative integer, got ${JSON.stringify(value)}`);
  }
  return n;
}

/**
 * Reads every setting of `functions/lib/settings.ts` from CDK context (`app.node.tryGetContext`),
 * its default where none is given, failing synth with one clear message for a bad value instead
 * of deploying it.
 */
export function readSettings(lookup: Lookup): Settings {
  const read = Object.fromEntries(
    Object.entries(SETTINGS).map(([name, setting]) => {
      const key = name as SettingName;
      return [
        key,
        setting.kind === 'count'
          ? count(lookup, key, setting.default)
          : text(lookup, key, 'default' in setting ? setting.default : undefined),
      ];
    }),
  ) as unknown as Settings;
  const settings: Settings = {
    ...read,
    analyticsUrl: checkAnalyticsUrl(read.analyticsUrl, 'Context analyticsUrl'),
  };
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(settings.senderEmail)) {
    throw new Error(`Context senderEmail must be an email address, got "${settings.senderEmail}"`);
  }
  if (settings.domainName && !settings.certificateArn) {
    throw new Error(
      'Context domainName needs certificateArn (an ACM certificate in us-east-1 for that name)',
    );
  }
  if (Boolean(settings.apiDomainName) !== Boolean(settings.apiCertificateArn)) {
    throw new Error(
      'Context apiDomainName and apiCertificateArn go together (an ACM certificate in the stack’s region for that name)',
    );
  }
  if (settings.objectLockMode !== 'GOVERNANCE' && settings.objectLockMode !== 'COMPLIANCE') {
    throw new Error(
      `Context objectLockMode must be GOVERNANCE or COMPLIANCE, got "${settings.objectLockMode}"`,
    );
  }
  if (settings.objectLockYears > 100) {
    throw new Error(`Context objectLockYears must be at most 100, got ${settings.objectLockYears}`);
  }
  for (const key of ['demoScheduleMinutes', 'deletionSweepMinutes', 'recurringExpensesMinutes'] as const) {
    if (settings[key] < 1) throw new Error(`Context ${key} must be at least 1`);
  }
  return settings;
}

/**
 * Variables `functions/lib/config.ts` reads that the stack never sets: they point the functions at
 * the local DynamoDB, SES, S3 and a plain JWT key, off AWS only.
 */
export const LOCAL_ONLY_VARIABLES = [
  'DYNAMODB_ENDPOINT',
  'SES_ENDPOINT',
  'S3_ENDPOINT',
  'JWT_SECRET',
] as const;

/** Variables `functions/lib/config.ts` reads that the Lambda runtime sets itself. */
export const RUNTIME_VARIABLES = ['AWS_REGION'] as const;

/**
 * The Lambda environment: exactly the variables `functions/lib/config.ts` reads on AWS — the
 * stack's resources (`buckets`: the files' bucket variables), and every setting that names an
 * environment variable.
 */
export function functionEnvironment(
  settings: Settings,
  resources: {
    tableName: string;
    appUrl: string;
    jwtSecretArn: string;
    originVerify: string;
    buckets: Record<string, string>;
  },
): Record<string, string> {
  const fromSettings: Record<string, string> = {};
  for (const [name, setting] of Object.entries(SETTINGS)) {
    const value = settings[name as SettingName];
    if ('env' in setting && value !== undefined) fromSettings[setting.env] = String(value);
  }
  return {
    TABLE_NAME: resources.tableName,
    APP_URL: resources.appUrl,
    JWT_SECRET_ARN: resources.jwtSecretArn,
    ORIGIN_VERIFY: resources.originVerify,
    ...resources.buckets,
    ...fromSettings,
  };
}
