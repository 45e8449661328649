/**
 * Configuration, read and validated once when a function starts. A missing required value fails
 * the cold start with one clear message instead of a confusing error on the first request.
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing required environment variable ${name}`);
  return value;
}

function integer(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`Environment variable ${name} must be a non-negative integer, got "${raw}"`);
  }
  return value;
}

export const config = {
  tableName: required('TABLE_NAME'),
  /** Set only off AWS: DynamoDB Local's URL. */
  dynamoDbEndpoint: process.env.DYNAMODB_ENDPOINT || undefined,
  /** Set only off AWS: the local SES's URL. */
  sesEndpoint: process.env.SES_ENDPOINT || undefined,
  region: process.env.AWS_REGION || 'us-east-1',
  appUrl: (process.env.APP_URL || 'http://localhost:3000').replace(/\/$/, ''),
  senderEmail: process.env.SENDER_EMAIL || 'no-reply@timeledger.local',
  /** Local and tests: the secret itself. AWS: `jwtSecretArn` names the managed secret instead. */
  jwtSecret: process.env.JWT_SECRET || undefined,
  jwtSecretArn: process.env.JWT_SECRET_ARN || undefined,
  jwtTtlSeconds: integer('JWT_TTL_SECONDS', 7 * 24 * 3600),
  /** AWS: the secret CloudFront sends as `x-origin-verify`, which makes its viewer-address header trustworthy. */
  originVerify: process.env.ORIGIN_VERIFY || undefined,
  freeProjectLimit: integer('FREE_PROJECT_LIMIT', 3),
  freeItemLimit: integer('FREE_ITEM_LIMIT', 125),
  limits: {
    failedLoginsPerEmail: integer('LIMIT_FAILED_LOGINS_PER_EMAIL', 10),
    failedLoginsPerIp: integer('LIMIT_FAILED_LOGINS_PER_IP', 100),
    failedLoginWindowSeconds: integer('LIMIT_FAILED_LOGIN_WINDOW_SECONDS', 15 * 60),
    signupsPerIp: integer('LIMIT_SIGNUPS_PER_IP', 100),
    signupWindowSeconds: integer('LIMIT_SIGNUP_WINDOW_SECONDS', 3600),
    resetRequestsPerEmail: integer('LIMIT_RESET_REQUESTS_PER_EMAIL', 5),
    resetWindowSeconds: integer('LIMIT_RESET_WINDOW_SECONDS', 3600),
  },
  /**
   * Every forgot-password answer takes at least this long, so a known address (token write, SES
   * call) cannot be told from an unknown one by timing. Above the known path's slow tail.
   */
  forgotPasswordFloorMs: integer('FORGOT_PASSWORD_FLOOR_MS', 400),
  demoEmail: process.env.DEMO_EMAIL || 'demo@timeledger.app',
  /** Reading time of one export page (`functions/domain/csv/export.ts`); tests set it tiny to get many pages. */
  exportPageTimeMs: integer('EXPORT_PAGE_TIME_MS', 3_000),
} as const;

export type Config = typeof config;
