import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb, TransactWriteCommand } from './client';
import { WriteConflictError } from './errors';
import { AGAIN, retrying, TRANSACTION_RETRY } from './retry';

/** One item of a TransactWriteItems call (document-client form). */
export type TxItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A transaction item, and the name of what it means when its condition fails. */
export interface TxOp {
  op: TxItem;
  onConditionFailed?: string;
}

export type TxResult = { ok: true } | { ok: false; failed: string[] };

/** How often a transaction that lost a race with another is tried before giving up. */
export const MAX_TX_ATTEMPTS = TRANSACTION_RETRY.attempts;

/** Cancellation reasons that say "not now" rather than "no". */
const RETRYABLE_CODES = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);

interface CancellationReason {
  Code?: string;
}

/**
 * Runs one TransactWriteItems. A failed condition is an answer, not an error: the result names the
 * failed items' `onConditionFailed` tags (in the order given) and nothing was written. A
 * cancellation only because another transaction touched the same items at the same moment
 * (`TransactionConflict`, e.g. 50 entries saved at once on one project) is retried with
 * the data layer's jittered backoff (`retry.ts`), then given up with a `WriteConflictError`. A cancelled transaction wrote nothing,
 * so trying it again can't count anything twice; the SDK's own network retries of one attempt
 * reuse its generated `ClientRequestToken`, which DynamoDB deduplicates.
 */
export async function transact(ops: TxOp[]): Promise<TxResult> {
  return retrying(
    TRANSACTION_RETRY,
    () => attemptTransaction(ops),
    () => new WriteConflictError(),
  );
}

/** One try: the result, or {@link AGAIN} when only a race with another transaction cancelled it. */
async function attemptTransaction(ops: TxOp[]): Promise<TxResult | typeof AGAIN> {
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: ops.map((o) => o.op) }));
    return { ok: true };
  } catch (error) {
    const name = (error as Error).name;
    if (name !== 'TransactionCanceledException' && name !== 'TransactionInProgressException') throw error;
    const reasons = ((error as { CancellationReasons?: CancellationReason[] }).CancellationReasons ??
      []) as CancellationReason[];
    const failed = ops
      .filter((_, i) => reasons[i]?.Code === 'ConditionalCheckFailed')
      .map((o) => o.onConditionFailed ?? 'condition');
    if (failed.length > 0) return { ok: false, failed };
    const retryable =
      name === 'TransactionInProgressException' ||
      reasons.length === 0 ||
      reasons.some((r) => RETRYABLE_CODES.has(r.Code ?? ''));
    if (!retryable) throw error;
    return AGAIN;
  }
}

/** Thrown by `transactWrite` when a condition failed: one cancellation code per item, in order. */
export class TransactionFailed extends Error {
  constructor(readonly reasons: string[]) {
    super(`Transaction cancelled: ${reasons.join(', ')}`);
    this.name = 'TransactionFailed';
  }
  /** Whether the condition of the item at `index` (in the order given) failed. */
  conditionFailed(index: number): boolean {
    return this.reasons[index] === 'ConditionalCheckFailed';
  }
}

/**
 * `transact` for callers that treat a failed condition as an exception (accounts, vouchers, the
 * demo user): same retries of races, and a `TransactionFailed` saying which items' conditions failed.
 */
export async function transactWrite(items: TxItem[]): Promise<void> {
  const result = await transact(items.map((op, i) => ({ op, onConditionFailed: String(i) })));
  if (!result.ok) {
    throw new TransactionFailed(
      items.map((_, i) => (result.failed.includes(String(i)) ? 'ConditionalCheckFailed' : 'None')),
    );
  }
}
