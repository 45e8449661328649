/**
 * Every deployment setting, the one place its name and default are written. Each is CDK context
 * (`npx cdk deploy -c key=value` overrides the default); a setting with `env` reaches the functions
 * as that environment variable. The CDK stack (`infra/settings.ts`), the local stack (which gives
 * its functions the stack's environment) and `functions/lib/config.ts` all read this table, so
 * they cannot disagree.
 *
 * Plain data with no imports: every Lambda bundle carries it (so what each setting means is a
 * comment, not a string).
 */
interface TextSetting {
  kind: 'text';
  /** The environment variable a function reads it from; none when only the stack uses it. */
  env?: string;
  /** None: unset unless configured. */
  default?: string;
}

interface CountSetting {
  kind: 'count';
  env?: string;
  default: number;
}

export const SETTINGS = {
  /** The From address of every email; SES must verify it. */
  senderEmail: { kind: 'text', env: 'SENDER_EMAIL', default: 'no-reply@timeledger.app' },
  /** A custom domain for CloudFront; needs certificateArn (ACM, us-east-1). */
  domainName: { kind: 'text' },
  /** The ACM certificate (us-east-1) of domainName. */
  certificateArn: { kind: 'text' },
  /** A domain of the API’s own (needs apiCertificateArn, ACM in the stack’s region). With it the execute-api endpoint is switched off and CloudFront reaches the API by this name. */
  apiDomainName: { kind: 'text' },
  /** The ACM certificate (stack region) of apiDomainName. */
  apiCertificateArn: { kind: 'text' },
  /** The URL in email links; defaults to the custom domain, else the CloudFront domain. */
  appUrl: { kind: 'text' },
  /** Who receives alarm notifications (an SNS email subscription); none when unset. */
  alarmEmail: { kind: 'text' },
  /** Projects a free account may hold. */
  freeProjectLimit: { kind: 'count', env: 'FREE_PROJECT_LIMIT', default: 3 },
  /** Time and finance activities a free account may hold. */
  freeItemLimit: { kind: 'count', env: 'FREE_ITEM_LIMIT', default: 125 },
  /** How long a session token is valid. */
  jwtTtlSeconds: { kind: 'count', env: 'JWT_TTL_SECONDS', default: 7 * 24 * 3600 },
  /** Every forgot-password answer waits until this long after the request began, so a known address (token write, SES call) cannot be told from an unknown one by timing. Above the known path’s slow tail. */
  forgotPasswordFloorMs: { kind: 'count', env: 'FORGOT_PASSWORD_FLOOR_MS', default: 400 },
  /** How long one page of an export (JSON or CSV) reads before it answers with a cursor to the next page; well inside the function timeout and API Gateway’s 30 s. */
  exportPageTimeMs: { kind: 'count', env: 'EXPORT_PAGE_TIME_MS', default: 3_000 },
  /** The demo account’s address. */
  demoEmail: { kind: 'text', env: 'DEMO_EMAIL', default: 'demo@timeledger.app' },
  /** Failed logins per email from one client address within the window before 429; past it from any address, each login on the email waits a growing delay instead (no lock-out). */
  limitFailedLoginsPerEmail: { kind: 'count', env: 'LIMIT_FAILED_LOGINS_PER_EMAIL', default: 10 },
  /** Failed logins per client address within the window before 429. */
  limitFailedLoginsPerIp: { kind: 'count', env: 'LIMIT_FAILED_LOGINS_PER_IP', default: 100 },
  /** The failed-login window. */
  limitFailedLoginWindowSeconds: {
    kind: 'count',
    env: 'LIMIT_FAILED_LOGIN_WINDOW_SECONDS',
    default: 15 * 60,
  },
  /** Sign-ups per client address within the window. */
  limitSignupsPerIp: { kind: 'count', env: 'LIMIT_SIGNUPS_PER_IP', default: 100 },
  /** The sign-up window. */
  limitSignupWindowSeconds: { kind: 'count', env: 'LIMIT_SIGNUP_WINDOW_SECONDS', default: 3600 },
  /** Password-reset emails per address within the window. */
  limitResetRequestsPerEmail: { kind: 'count', env: 'LIMIT_RESET_REQUESTS_PER_EMAIL', default: 5 },
  /** The password-reset window. */
  limitResetWindowSeconds: { kind: 'count', env: 'LIMIT_RESET_WINDOW_SECONDS', default: 3600 },
  /** Wrong two-factor codes per account (from any address) within the window; past it every code for the account is refused (429) until the window ends, and the owner is told once. */
  limitTwoFactorCodesPerAccount: { kind: 'count', env: 'LIMIT_TWO_FACTOR_CODES_PER_ACCOUNT', default: 20 },
  /** The window of wrong two-factor codes per account. */
  limitTwoFactorWindowSeconds: { kind: 'count', env: 'LIMIT_TWO_FACTOR_WINDOW_SECONDS', default: 15 * 60 },
  /** Emails of every kind (alerts, confirmations, security emails) sent for one account within the mail window; past it further ones are held back and the app says so. */
  limitMailsPerAccount: { kind: 'count', env: 'LIMIT_MAILS_PER_ACCOUNT', default: 10 },
  /** Emails sent to one address (any account) within the mail window; past it further ones are held back. */
  limitMailsPerRecipient: { kind: 'count', env: 'LIMIT_MAILS_PER_RECIPIENT', default: 5 },
  /** The mail window. */
  limitMailWindowSeconds: { kind: 'count', env: 'LIMIT_MAIL_WINDOW_SECONDS', default: 3600 },
  /** Password hashes (scrypt, 128 MiB each) one function process runs at once; more wait (issue 35). One: on two cores two at once took 1.8 s where one took 0.57 s (memory bandwidth), so a second slot lowers the sign-ins per second and makes each one’s time unpredictable. A Lambda instance answers one request at a time anyway. */
  passwordHashSlots: { kind: 'count', env: 'PASSWORD_HASH_SLOTS', default: 1 },
  /** Password hashes that may wait for a slot; one more is refused at once (503 `SIGN_IN_BUSY` with `Retry-After`). */
  passwordHashQueue: { kind: 'count', env: 'PASSWORD_HASH_QUEUE', default: 4 },
  /** The longest a password hash waits for a slot before 503 `SIGN_IN_BUSY` (less when the request’s time left is shorter). */
  passwordHashWaitMs: { kind: 'count', env: 'PASSWORD_HASH_WAIT_MS', default: 3_000 },
  /** Reserved concurrency of each function that hashes a password, so a flood of sign-ins cannot take the account’s whole Lambda concurrency from the rest of the API; 0 leaves it unreserved (an account whose concurrency quota is still 10 must use 0). */
  signInConcurrency: { kind: 'count', default: 20 },
  /** How often the demo account is reset (the `reset-demo` job). */
  demoScheduleMinutes: { kind: 'count', default: 60 },
  /** How often pending project and account deletions are completed (the `finish-deletions` job). */
  deletionSweepMinutes: { kind: 'count', default: 5 },
  /** How often due recurring expenses are booked (the `book-recurring-expenses` job). */
  recurringExpensesMinutes: { kind: 'count', default: 60 },
  /** API Gateway stage throttling (all routes): steady requests per second. */
  apiRateLimit: { kind: 'count', default: 200 },
  /** API Gateway stage throttling: burst. */
  apiBurstLimit: { kind: 'count', default: 400 },
  /** CloudWatch log retention (rounded up to an allowed value). */
  logRetentionDays: { kind: 'count', default: 30 },
  /** Where the SPA sends one cookie-less page view per route change; off when unset. */
  analyticsUrl: { kind: 'text' },
  /** Object Lock on the issued-documents bucket: years each document stays unchangeable and undeletable (German law: 8); 0 leaves it off. S3 never turns it off again: decide before the first deployment. */
  objectLockYears: { kind: 'count', default: 0 },
  /** Object Lock's mode: GOVERNANCE (a user with s3:BypassGovernanceRetention can still delete) or COMPLIANCE (no one can, root included, until the retention ends). */
  objectLockMode: { kind: 'text', default: 'GOVERNANCE' },
} as const satisfies Record<string, TextSetting | CountSetting>;

export type SettingName = keyof typeof SETTINGS;

/** The settings that hold a whole number (counts, limits, durations). */
export type CountSettingName = {
  [K in SettingName]: (typeof SETTINGS)[K]['kind'] extends 'count' ? K : never;
}[SettingName];

type ValueOf<S> = S extends { kind: 'count' }
  ? number
  : S extends { default: string }
    ? string
    : string | undefined;

/** A value for every setting: the defaults, or what the deployment configured. */
export type Settings = { -readonly [K in SettingName]: ValueOf<(typeof SETTINGS)[K]> };

/** The defaults alone (what `cdk synth` and the local stack use when nothing is configured). */
export const DEFAULT_SETTINGS: Readonly<Settings> = Object.fromEntries(
  Object.entries(SETTINGS).map(([name, setting]) => [
    name,
    'default' in setting ? setting.default : undefined,
  ]),
) as unknown as Settings;

/**
 * A whole-number setting's value from its text form (`-c key=5` or an environment variable); the
 * default when empty; `undefined` when it is not a non-negative integer (the caller names the source).
 */
export function parseCount(raw: unknown, fallback: number): number | undefined {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const n = typeof raw === 'string' ? Number(raw) : raw;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}
