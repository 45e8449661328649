import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from './client';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** Why a transaction was cancelled, one code per item (`ConditionalCheckFailed`, `None`, …). */
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

const MAX_ATTEMPTS = 5;

function reasonsOf(error: unknown): string[] | undefined {
  if (!(error instanceof TransactionCanceledException)) return undefined;
  return (error.CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');
}

/**
 * One TransactWrite. A cancellation only because another transaction touched the same items at the
 * same moment (`TransactionConflict`) is retried with jittered backoff, so the loser of a race ends
 * up seeing the winner's write and fails on its condition instead of on timing. Any failed
 * condition is thrown as `TransactionFailed` with the per-item reasons.
 */
export async function transactWrite(items: TransactItem[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await ddb.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      const reasons = reasonsOf(error);
      if (!reasons) throw error;
      const conflictOnly =
        reasons.some((code) => code === 'TransactionConflict') &&
        !reasons.some((code) => code === 'ConditionalCheckFailed');
      if (!conflictOnly) throw new TransactionFailed(reasons);
      if (attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt * (0.5 + Math.random())));
    }
  }
}
