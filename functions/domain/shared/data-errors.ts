import { InvalidCursorError, WriteConflictError } from '../../data/core/errors';
import { type AppError, ConflictError, ValidationError } from '../../lib/errors';

/**
 * What a data error means to the caller, for the one error handler: a write that kept losing races
 * is a 409 the client may retry, a cursor it did not get from us is its mistake. `undefined` for
 * anything else (a bug or an outage: the handler answers 500).
 */
export function appErrorOf(error: unknown): AppError | undefined {
  if (error instanceof WriteConflictError) return new ConflictError('WRITE_CONFLICT');
  if (error instanceof InvalidCursorError) return new ValidationError('INVALID_CURSOR', { param: 'cursor' });
  return undefined;
}
