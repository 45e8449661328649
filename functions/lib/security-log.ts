/**
 * The security log: one JSON line per security event on standard output, so CloudWatch Logs
 * Insights discovers every field (queries in docs/security.md). Written whatever `LOG_LEVEL` says — an
 * operator quietening the application log must not lose the audit trail — except `silent` (tests).
 * The fields are a closed list: ids, codes, route and address, never a password, token, hash,
 * email address or request body.
 */
export type SecurityEvent =
  | 'login'
  | 'signup'
  | 'logout'
  | 'password_reset_request'
  | 'password_reset'
  | 'password_change'
  | 'email_change'
  | 'email_change_undo'
  | 'account_deletion'
  | 'voucher_claim'
  | 'confirmation_resend'
  | 'api_token_create'
  | 'api_token_delete'
  | 'two_factor_enable'
  | 'two_factor_disable'
  /** Any route's 401, 403 and 429 that is not one of the events above. */
  | 'unauthorized'
  | 'forbidden'
  | 'rate_limited';

export interface SecurityLogLine {
  event: SecurityEvent;
  outcome: 'success' | 'failure';
  status: number;
  /** The error code of a failure (`INVALID_CREDENTIALS`, `TOO_MANY_LOGINS`, …). */
  code?: string;
  /** The account concerned, when known. */
  userId?: string | undefined;
  /** Logout only: whether every session of the account ended. */
  everywhere?: boolean;
  /** API Gateway's request id (the access log's `requestId`). */
  requestId?: string | undefined;
  /** The route key, e.g. `POST /api/auth`. */
  route: string;
  /** The caller's address (CloudFront's viewer address when vouched for). */
  sourceIp: string;
}

export function securityLog(line: SecurityLogLine): void {
  if (process.env.LOG_LEVEL === 'silent') return;
  const { event, outcome, status, code, userId, everywhere, requestId, route, sourceIp } = line;
  // Built field by field, so nothing a caller adds by mistake can reach the log.
  const record = {
    level: 'info',
    time: new Date().toISOString(),
    message: 'security event',
    log: 'security',
    event,
    outcome,
    status,
    ...(code ? { code } : {}),
    ...(userId ? { userId } : {}),
    ...(everywhere !== undefined ? { everywhere } : {}),
    ...(requestId ? { requestId } : {}),
    route,
    sourceIp,
  };
  process.stdout.write(`${JSON.stringify(record)}\n`);
}
