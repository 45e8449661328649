import { type ApiErrorCode, apiMessage, type MessageValues } from '../../contract/error-codes';

export type { ApiErrorCode, ApiField, MessageValues } from '../../contract/error-codes';

/** Where an error points (`param`, a field of the request) and what its message is filled with. */
export interface ErrorDetails {
  param?: string | undefined;
  values?: MessageValues;
  /** Words of a schema rule that has no code of its own (`VALIDATION_ERROR`), kept rather than lost. */
  message?: string | undefined;
  /** Seconds after which a refused request may be tried again: sent as `Retry-After` (429, 503). */
  retryAfterSeconds?: number;
  /** Further errors of the same refusal, answered after this one (each missing value of an invoice). */
  more?: { code: ApiErrorCode; param?: string; values?: MessageValues }[];
}

/**
 * Typed domain errors. Domain code throws these; the one error handler at the end of every
 * handler's middleware chain turns them into the contract's status and body. Nothing else in the
 * code base writes an error response. The message is the English one of the code
 * (`contract/error-codes.ts`), so every code has one wording and a client can translate it.
 */
export class AppError extends Error {
  readonly param?: string;
  readonly values?: MessageValues;
  readonly retryAfterSeconds?: number;
  readonly more?: ErrorDetails['more'];

  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    details: ErrorDetails = {},
  ) {
    super(details.message ?? apiMessage(code, details.values));
    this.name = new.target.name;
    if (details.param !== undefined) this.param = details.param;
    if (details.values !== undefined) this.values = details.values;
    if (details.retryAfterSeconds !== undefined) this.retryAfterSeconds = details.retryAfterSeconds;
    if (details.more?.length) this.more = details.more;
  }

  /** The account a refused request concerned, when known: for the security log, never sent. */
  userId?: string;
}

/** 400: the input is wrong; `param` names the field when there is one. */
export class ValidationError extends AppError {
  constructor(code: ApiErrorCode = 'VALIDATION_ERROR', details?: ErrorDetails) {
    super(400, code, details);
  }
}

/** 401: no token, or one that is invalid, expired or revoked. */
export class UnauthorizedError extends AppError {
  constructor(code: ApiErrorCode = 'UNAUTHORIZED') {
    super(401, code);
  }
}

/** 403: signed in but not allowed (free limits, demo restrictions, premium-only settings). */
export class ForbiddenError extends AppError {
  constructor(code: ApiErrorCode, details?: ErrorDetails) {
    super(403, code, details);
  }
}

/** 404: unknown id — and, deliberately, another user's id. */
export class NotFoundError extends AppError {
  constructor(code: ApiErrorCode = 'NOT_FOUND', details?: ErrorDetails) {
    super(404, code, details);
  }
}

/** 409: the write lost a race or collides with existing data. */
export class ConflictError extends AppError {
  constructor(code: ApiErrorCode, details?: ErrorDetails) {
    super(409, code, details);
  }
}

/** 413: the request body is larger than any legitimate request. */
export class PayloadTooLargeError extends AppError {
  constructor() {
    super(413, 'PAYLOAD_TOO_LARGE');
  }
}

/** 429: too many attempts; try again after the window. */
export class TooManyRequestsError extends AppError {
  constructor(code: ApiErrorCode = 'TOO_MANY_REQUESTS', details?: ErrorDetails) {
    super(429, code, details);
  }
}

/** 503: too busy to take the request now (sign-ins queued past their wait); `Retry-After` says when. */
export class ServiceBusyError extends AppError {
  constructor(code: ApiErrorCode, retryAfterSeconds: number) {
    super(503, code, { retryAfterSeconds });
  }
}

export { schemaMessage, schemaMessageCode } from '../../contract/error-codes';
