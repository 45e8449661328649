/**
 * What the data layer throws when it cannot answer. Plain errors that say what happened to the
 * data; the HTTP edge maps them to a status (`domain/shared/data-errors.ts`). A failed condition is not an
 * error here: the access patterns answer it as a result (`{ status: 'limit' }`, `TxResult`).
 */

/**
 * A write kept losing races with other writes to the same items (transactions cancelled for
 * `TransactionConflict`, or an entry's version changing under every attempt) until its bounded
 * retries ran out. Nothing of it was written; trying again later is safe.
 */
export class WriteConflictError extends Error {
  constructor() {
    super('The write kept conflicting with concurrent writes to the same items');
    this.name = 'WriteConflictError';
  }
}

/** A page cursor that is not one this access pattern handed out (another user's, range or kind). */
export class InvalidCursorError extends Error {
  constructor() {
    super('Invalid cursor');
    this.name = 'InvalidCursorError';
  }
}
