import { JOBS } from '../functions/routes';
import { checkAnalyticsUrl } from './web-config';

/**
 * Everything that differs per deployment. Each value is CDK context (`cdk.json` holds the
 * defaults, `npx cdk deploy -c key=value` overrides), so `cdk synth` works with no account and no
 * lookups.
 */
export interface Settings {
  /** The From address of every email; SES must verify it. */
  senderEmail: string;
  /** A custom domain for CloudFront; needs `certificateArn` (ACM, us-east-1). */
  domainName?: string;
  certificateArn?: string;
  /**
   * A domain of the API's own (needs `apiCertificateArn`, ACM in the stack's region). With it the
   * execute-api endpoint is switched off and CloudFront reaches the API by this name.
   */
  apiDomainName?: string;
  apiCertificateArn?: string;
  /** The URL in email links; defaults to the custom domain, else the CloudFront domain. */
  appUrl?: string;
  /** Who receives alarm notifications (an SNS email subscription); none when unset. */
  alarmEmail?: string;
  freeProjectLimit: number;
  freeItemLimit: number;
  jwtTtlSeconds: number;
  /** Every forgot-password answer waits until this long after the request began (equal timing for known and unknown addresses). */
  forgotPasswordFloorMs: number;
  demoEmail: string;
  limits: {
    failedLoginsPerEmail: number;
    failedLoginsPerIp: number;
    failedLoginWindowSeconds: number;
    signupsPerIp: number;
    signupWindowSeconds: number;
    resetRequestsPerEmail: number;
    resetWindowSeconds: number;
  };
  demoScheduleMinutes: number;
  /** API Gateway stage throttling (all routes): steady requests per second and burst. */
  apiRateLimit: number;
  apiBurstLimit: number;
  logRetentionDays: number;
  /** Where the SPA sends one cookie-less page view per route change; off when unset (the default). */
  analyticsUrl?: string;
}

/** The defaults; `cdk.json` repeats them so an operator sees what can be set. */
export const DEFAULT_SETTINGS: Settings = {
  senderEmail: 'no-reply@timeledger.app',
  freeProjectLimit: 3,
  freeItemLimit: 125,
  jwtTtlSeconds: 7 * 24 * 3600,
  forgotPasswordFloorMs: 400,
  demoEmail: 'demo@timeledger.app',
  limits: {
    failedLoginsPerEmail: 10,
    failedLoginsPerIp: 100,
    failedLoginWindowSeconds: 15 * 60,
    signupsPerIp: 100,
    signupWindowSeconds: 3600,
    resetRequestsPerEmail: 5,
    resetWindowSeconds: 3600,
  },
  demoScheduleMinutes: JOBS.find((j) => j.handler === 'reset-demo')?.scheduleMinutes ?? 60,
  apiRateLimit: 200,
  apiBurstLimit: 400,
  logRetentionDays: 30,
};

type Lookup = (key: string) => unknown;

function text(lookup: Lookup, key: string): string | undefined {
  const value = lookup(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string')
    throw new Error(`Context ${key} must be a string, got ${JSON.stringify(value)}`);
  return value;
}

function count(lookup: Lookup, key: string, fallback: number): number {
  const value = lookup(key);
  if (value === undefined || value === null || value === '') return fallback;
  // `-c key=5` arrives as the string "5"; cdk.json gives a number.
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) {
    throw new Error(`Context ${key} must be a non-negative integer, got ${JSON.stringify(value)}`);
  }
  return n;
}

/**
 * Reads the settings from CDK context (`app.node.tryGetContext`), failing synth with one clear
 * message for a bad value instead of deploying it.
 */
export function readSettings(lookup: Lookup): Settings {
  const d = DEFAULT_SETTINGS;
  const settings: Settings = {
    senderEmail: text(lookup, 'senderEmail') ?? d.senderEmail,
    domainName: text(lookup, 'domainName'),
    certificateArn: text(lookup, 'certificateArn'),
    apiDomainName: text(lookup, 'apiDomainName'),
    apiCertificateArn: text(lookup, 'apiCertificateArn'),
    appUrl: text(lookup, 'appUrl'),
    alarmEmail: text(lookup, 'alarmEmail'),
    freeProjectLimit: count(lookup, 'freeProjectLimit', d.freeProjectLimit),
    freeItemLimit: count(lookup, 'freeItemLimit', d.freeItemLimit),
    jwtTtlSeconds: count(lookup, 'jwtTtlSeconds', d.jwtTtlSeconds),
    forgotPasswordFloorMs: count(lookup, 'forgotPasswordFloorMs', d.forgotPasswordFloorMs),
    demoEmail: text(lookup, 'demoEmail') ?? d.demoEmail,
    limits: {
      failedLoginsPerEmail: count(lookup, 'limitFailedLoginsPerEmail', d.limits.failedLoginsPerEmail),
      failedLoginsPerIp: count(lookup, 'limitFailedLoginsPerIp', d.limits.failedLoginsPerIp),
      failedLoginWindowSeconds: count(
        lookup,
        'limitFailedLoginWindowSeconds',
        d.limits.failedLoginWindowSeconds,
      ),
      signupsPerIp: count(lookup, 'limitSignupsPerIp', d.limits.signupsPerIp),
      signupWindowSeconds: count(lookup, 'limitSignupWindowSeconds', d.limits.signupWindowSeconds),
      resetRequestsPerEmail: count(lookup, 'limitResetRequestsPerEmail', d.limits.resetRequestsPerEmail),
      resetWindowSeconds: count(lookup, 'limitResetWindowSeconds', d.limits.resetWindowSeconds),
    },
    demoScheduleMinutes: count(lookup, 'demoScheduleMinutes', d.demoScheduleMinutes),
    apiRateLimit: count(lookup, 'apiRateLimit', d.apiRateLimit),
    apiBurstLimit: count(lookup, 'apiBurstLimit', d.apiBurstLimit),
    logRetentionDays: count(lookup, 'logRetentionDays', d.logRetentionDays),
    analyticsUrl: checkAnalyticsUrl(text(lookup, 'analyticsUrl'), 'Context analyticsUrl'),
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
  if (settings.demoScheduleMinutes < 1) throw new Error('Context demoScheduleMinutes must be at least 1');
  return settings;
}

/**
 * Variables `functions/lib/config.ts` reads that the stack never sets: they point the functions at
 * the local DynamoDB, SES and a plain JWT key, off AWS only.
 */
export const LOCAL_ONLY_VARIABLES = ['DYNAMODB_ENDPOINT', 'SES_ENDPOINT', 'JWT_SECRET'] as const;

/** Variables `functions/lib/config.ts` reads that the Lambda runtime sets itself. */
export const RUNTIME_VARIABLES = ['AWS_REGION'] as const;

/** The Lambda environment: exactly the variables `functions/lib/config.ts` reads on AWS. */
export function functionEnvironment(
  settings: Settings,
  resources: { tableName: string; appUrl: string; jwtSecretArn: string; originVerify: string },
): Record<string, string> {
  const l = settings.limits;
  return {
    TABLE_NAME: resources.tableName,
    APP_URL: resources.appUrl,
    SENDER_EMAIL: settings.senderEmail,
    JWT_SECRET_ARN: resources.jwtSecretArn,
    ORIGIN_VERIFY: resources.originVerify,
    JWT_TTL_SECONDS: String(settings.jwtTtlSeconds),
    FORGOT_PASSWORD_FLOOR_MS: String(settings.forgotPasswordFloorMs),
    FREE_PROJECT_LIMIT: String(settings.freeProjectLimit),
    FREE_ITEM_LIMIT: String(settings.freeItemLimit),
    LIMIT_FAILED_LOGINS_PER_EMAIL: String(l.failedLoginsPerEmail),
    LIMIT_FAILED_LOGINS_PER_IP: String(l.failedLoginsPerIp),
    LIMIT_FAILED_LOGIN_WINDOW_SECONDS: String(l.failedLoginWindowSeconds),
    LIMIT_SIGNUPS_PER_IP: String(l.signupsPerIp),
    LIMIT_SIGNUP_WINDOW_SECONDS: String(l.signupWindowSeconds),
    LIMIT_RESET_REQUESTS_PER_EMAIL: String(l.resetRequestsPerEmail),
    LIMIT_RESET_WINDOW_SECONDS: String(l.resetWindowSeconds),
    DEMO_EMAIL: settings.demoEmail,
  };
}
