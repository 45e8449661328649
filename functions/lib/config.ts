import { BUCKETS } from './buckets';
import { type CountSettingName, parseCount, SETTINGS } from './settings';

/**
 * Configuration, read and validated once when a function starts. A missing required value fails
 * the cold start with one clear message instead of a confusing error on the first request. The
 * deployment settings' variable names and defaults come from `./settings` (the stack sets the same).
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing required environment variable ${name}`);
  return value;
}

function integer(setting: CountSettingName): number {
  const { env, default: fallback } = SETTINGS[setting] as { env: string; default: number };
  const raw = process.env[env];
  const value = parseCount(raw, fallback);
  if (value === undefined) {
    throw new Error(`Environment variable ${env} must be a non-negative integer, got "${raw}"`);
  }
  return value;
}

function text(setting: 'senderEmail' | 'demoEmail'): string {
  const { env, default: fallback } = SETTINGS[setting];
  return process.env[env] || fallback;
}

export const config = {
  tableName: required('TABLE_NAME'),
  /** Set only off AWS: DynamoDB Local's URL. */
  dynamoDbEndpoint: process.env.DYNAMODB_ENDPOINT || undefined,
  /** Set only off AWS: the local SES's URL. */
  sesEndpoint: process.env.SES_ENDPOINT || undefined,
  /** Set only off AWS: the local S3 server's URL (addressed by path). */
  s3Endpoint: process.env.S3_ENDPOINT || undefined,
  /**
   * The buckets of issued documents and of receipts (`./buckets.ts`). Checked where a function
   * first uses one (`./s3.ts`), so functions and scripts that touch no file need none.
   */
  buckets: {
    documents: process.env[BUCKETS.documents.env] || undefined,
    receipts: process.env[BUCKETS.receipts.env] || undefined,
  },
  region: process.env.AWS_REGION || 'us-east-1',
  appUrl: (process.env.APP_URL || 'http://localhost:3000').replace(/\/$/, ''),
  senderEmail: text('senderEmail'),
  /** Local and tests: the secret itself. AWS: `jwtSecretArn` names the managed secret instead. */
  jwtSecret: process.env.JWT_SECRET || undefined,
  jwtSecretArn: process.env.JWT_SECRET_ARN || undefined,
  jwtTtlSeconds: integer('jwtTtlSeconds'),
  /** AWS: the secret CloudFront sends as `x-origin-verify`, which makes its viewer-address header trustworthy. */
  originVerify: process.env.ORIGIN_VERIFY || undefined,
  freeProjectLimit: integer('freeProjectLimit'),
  freeItemLimit: integer('freeItemLimit'),
  limits: {
    failedLoginsPerEmail: integer('limitFailedLoginsPerEmail'),
    failedLoginsPerIp: integer('limitFailedLoginsPerIp'),
    failedLoginWindowSeconds: integer('limitFailedLoginWindowSeconds'),
    signupsPerIp: integer('limitSignupsPerIp'),
    signupWindowSeconds: integer('limitSignupWindowSeconds'),
    resetRequestsPerEmail: integer('limitResetRequestsPerEmail'),
    resetWindowSeconds: integer('limitResetWindowSeconds'),
    twoFactorCodesPerAccount: integer('limitTwoFactorCodesPerAccount'),
    twoFactorWindowSeconds: integer('limitTwoFactorWindowSeconds'),
    mailsPerAccount: integer('limitMailsPerAccount'),
    mailsPerRecipient: integer('limitMailsPerRecipient'),
    mailWindowSeconds: integer('limitMailWindowSeconds'),
  },
  /** Every forgot-password answer takes at least this long (see `SETTINGS.forgotPasswordFloorMs`). */
  forgotPasswordFloorMs: integer('forgotPasswordFloorMs'),
  /** Password hashes one process runs at once, how many may wait and how long (`domain/identity/hash-slots.ts`). */
  passwordHashing: {
    slots: integer('passwordHashSlots'),
    queue: integer('passwordHashQueue'),
    waitMs: integer('passwordHashWaitMs'),
  },
  demoEmail: text('demoEmail'),
  /** Reading time of one export page (`functions/domain/tracking/csv/export.ts`); tests set it tiny to get many pages. */
  exportPageTimeMs: integer('exportPageTimeMs'),
} as const;

export type Config = typeof config;
