import { ConditionalCheckFailedException, ddb, GetCommand, PutCommand, TABLE } from '../core/client';
import { voucherKey } from '../core/keys';
import type { TxItem } from '../core/transact';

/**
 * Vouchers: single-use codes that make an account premium. Key:
 *   PK=VOUCHER#<code>  SK=VOUCHER   {code, createdAt, claimedBy?, claimedAt?}
 * `code` is the canonical form (upper case, groups joined by '-').
 */
export { voucherKey } from '../core/keys';

export interface VoucherRecord {
  code: string;
  createdAt: string;
  claimedBy?: string;
  claimedAt?: string;
}

/** Stores a new voucher; `false` if that code exists already (the caller draws another). */
export async function putVoucher(code: string): Promise<boolean> {
  try {
    await ddb.send(
      new PutCommand({
        TableName: TABLE,
        Item: { ...voucherKey(code), code, createdAt: new Date().toISOString() },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Access pattern: a voucher by code. */
export async function getVoucher(code: string): Promise<VoucherRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: voucherKey(code) }));
  if (!out.Item) return undefined;
  const { PK: _pk, SK: _sk, ...record } = out.Item;
  return record as VoucherRecord;
}

/** The transaction item that claims a voucher for a user: only if it exists and nobody claimed it. */
export function claimVoucherItem(code: string, userId: string): TxItem {
  return {
    Update: {
      TableName: TABLE,
      Key: voucherKey(code),
      UpdateExpression: 'SET claimedBy = :userId, claimedAt = :now',
      ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(claimedBy)',
      ExpressionAttributeValues: { ':userId': userId, ':now': new Date().toISOString() },
    },
  };
}
