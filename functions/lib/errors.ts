/**
 * Typed domain errors. Domain code throws these; the one error handler at the end of every
 * handler's middleware chain turns them into the contract's status and body. Nothing else in the
 * code base writes an error response.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** The account a refused request concerned, when known: for the security log, never sent. */
  userId?: string;
}

/** 400: the input is wrong; `param` names the field when there is one. */
export class ValidationError extends AppError {
  constructor(message: string, param?: string, code = 'VALIDATION_ERROR') {
    super(400, code, message, param);
  }
}

/** 401: no token, or one that is invalid, expired or revoked. */
export class UnauthorizedError extends AppError {
  constructor(message = 'No valid token, authorization denied', code = 'UNAUTHORIZED') {
    super(401, code, message);
  }
}

/** 403: signed in but not allowed (free limits, demo restrictions, premium-only settings). */
export class ForbiddenError extends AppError {
  constructor(message: string, code = 'FORBIDDEN') {
    super(403, code, message);
  }
}

/** 404: unknown id — and, deliberately, another user's id. */
export class NotFoundError extends AppError {
  constructor(message = 'Not found', code = 'NOT_FOUND', param?: string) {
    super(404, code, message, param);
  }
}

/** 409: the write lost a race or collides with existing data. */
export class ConflictError extends AppError {
  constructor(message: string, code = 'CONFLICT') {
    super(409, code, message);
  }
}

/** 413: the request body is larger than any legitimate request. */
export class PayloadTooLargeError extends AppError {
  constructor(message = 'Request body is too large', code = 'PAYLOAD_TOO_LARGE') {
    super(413, code, message);
  }
}

/** 429: too many attempts; try again after the window. */
export class TooManyRequestsError extends AppError {
  constructor(message = 'Too many attempts. Please try again later.', code = 'TOO_MANY_REQUESTS') {
    super(429, code, message);
  }
}
