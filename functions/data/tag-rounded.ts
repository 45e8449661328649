import { ROUNDING_VARIANTS, type Rounding, roundedAttribute } from '../../contract/rounding';
import { BatchGetCommand, ddb, TABLE } from './client';
import type { TableKey } from './keys';
import { AGAIN, BATCH_RETRY, retrying } from './retry';
import type { Effect } from './rollups';
import type { TxItem } from './transact';

/**
 * The rounded family of the per-tag day rollups (`./tag-rollups.ts`):
 *
 *   `REPTAGRND#<sha(folded tag)>#<yyyy-mm-dd>`   ver; per project `r:<pid>` = "12,10,…" (21 sums)
 *
 * One attribute per project holds its 21 rounded sums (billable time rounded per entry by each
 * rounding variant, then summed) as whole minutes, comma-separated in `ROUNDING_VARIANTS` order.
 * Why a string and not 21 numbers: DynamoDB Local parses every attribute of every item a Query
 * touches, projected or not, and 21 numbers per project made a year's rounded read 55 ms against
 * 7 ms for one string per project (366 items of 6 projects; the report bench's one case over 2×).
 * A string cannot be ADDed to, so the writer reads these items first and puts each back with its
 * `ver` one higher, on the condition that `ver` is still the one read (absent: that the item still
 * is): a writer that lost a race reads again and redoes. Items are never deleted — a deleted and
 * recreated item would start its `ver` again and let a stale write through. Every value is a
 * multiple of a whole minute (`roundEntryMs` rounds to steps of whole minutes), and a sum stays an
 * exact integer below 2^53 minutes.
 */

/** The family's type attribute (the key prefix is in `./keys-billing.ts`). */
export const ROUNDED_TYPE = 'REPTAGRND';

const MS_PER_MINUTE = 60_000;

/** A project's attribute in a rounded item. */
export const roundedProjectAttribute = (projectId: string) => `r:${projectId}`;

const VARIANT_NAMES = ROUNDING_VARIANTS.map((v) => roundedAttribute(v) as string);

/** The rounded sums of one project as stored, in minutes per variant (all 0 when absent). */
export function decodeRounded(text: unknown): number[] {
  const values = typeof text === 'string' && text !== '' ? text.split(',').map(Number) : [];
  if (values.length === 0) return VARIANT_NAMES.map(() => 0);
  if (values.length !== VARIANT_NAMES.length || !values.every(Number.isSafeInteger)) {
    throw new Error(
      `A rounded tag rollup holds ${JSON.stringify(text)}, not ${VARIANT_NAMES.length} minute sums`,
    );
  }
  return values;
}

export const encodeRounded = (minutes: readonly number[]) => minutes.join(',');

/** One variant's sum, in milliseconds, from a project's stored sums. */
export function roundedMsOf(text: unknown, rounding: Rounding | string): number {
  const name = typeof rounding === 'string' ? rounding : roundedAttribute(rounding);
  const index = VARIANT_NAMES.indexOf(name ?? '');
  if (index < 0) throw new Error(`No rounded sum is kept for ${JSON.stringify(rounding)}`);
  return (decodeRounded(text)[index] as number) * MS_PER_MINUTE;
}

/**
 * The item `effect` (ADDs named `<variant>:<pid>` in milliseconds, as `tagDayEffects` makes them)
 * leaves when applied to `current` (absent: a new item): every project's sums added up, `ver` one
 * higher, projects whose sums all come to 0 left out.
 */
export function roundedItemAfter(
  effect: Effect,
  current: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const sums = new Map<string, number[]>();
  for (const [name, ms] of Object.entries(effect.add)) {
    const [variant, projectId] = [name.slice(0, name.indexOf(':')), name.slice(name.indexOf(':') + 1)];
    const attribute = roundedProjectAttribute(projectId);
    const minutes = sums.get(attribute) ?? decodeRounded(current?.[attribute]);
    const index = VARIANT_NAMES.indexOf(variant);
    if (index < 0 || ms % MS_PER_MINUTE !== 0) throw new Error(`Not a rounded sum: ${name} ${ms}`);
    minutes[index] = (minutes[index] as number) + ms / MS_PER_MINUTE;
    sums.set(attribute, minutes);
  }
  const item: Record<string, unknown> = { ...current, ...effect.key, ...effect.set, type: ROUNDED_TYPE };
  for (const [attribute, minutes] of sums) {
    if (minutes.every((m) => m === 0)) delete item[attribute];
    else item[attribute] = encodeRounded(minutes);
  }
  item.ver = Number(current?.ver ?? 0) + 1;
  return item;
}

/** The Put that replaces `current` by `next`, only if no other writer replaced it since it was read. */
export function roundedPut(
  next: Record<string, unknown>,
  current: Record<string, unknown> | undefined,
): TxItem {
  return {
    Put: {
      TableName: TABLE,
      Item: next,
      ...(current
        ? { ConditionExpression: 'ver = :ver', ExpressionAttributeValues: { ':ver': current.ver } }
        : { ConditionExpression: 'attribute_not_exists(PK)' }),
    },
  };
}

/** The rounded items at `keys` as stored now (consistent reads), by sort key; absent ones left out. */
export async function readRoundedItems(keys: TableKey[]): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  // At most 40 keys (20 tags, before and after a move), within BatchGetItem's 100.
  let pending: TableKey[] = keys;
  await retrying(
    BATCH_RETRY,
    async () => {
      if (pending.length === 0) return undefined;
      const out = await ddb.send(
        new BatchGetCommand({ RequestItems: { [TABLE]: { Keys: pending, ConsistentRead: true } } }),
      );
      for (const item of out.Responses?.[TABLE] ?? []) found.set(String(item.SK), item);
      pending = (out.UnprocessedKeys?.[TABLE]?.Keys ?? []) as TableKey[];
      return pending.length > 0 ? AGAIN : undefined;
    },
    () => new Error(`BatchGet left ${pending.length} rounded tag rollups unread`),
  );
  return found;
}
