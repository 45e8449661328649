import { ROUNDING_VARIANTS, roundedAttribute } from '../../../contract/rounding';
import { BatchGetCommand, ddb, TABLE } from '../core/client';
import { itemId, type TableKey } from '../core/keys';
import { AGAIN, BATCH_RETRY, retrying } from '../core/retry';
import type { TxItem } from '../core/transact';
import type { Effect } from './rollup-family';

/**
 * The per-tag day item (`./tag-rollups.ts`), what a report by day with a tag filter reads:
 *
 *   `REPTAGSUMS#<sha(folded tag)>#<yyyy-mm-dd>`   day, ver; per project `s:<pid>` = "t,b,m1,…,m21"
 *
 * One attribute per project holds its 23 sums, comma-separated: all time and billable time in
 * milliseconds, then the billable time rounded per entry by each rounding variant and summed, in
 * whole minutes (`roundEntryMs` rounds to steps of whole minutes), in `ROUNDING_VARIANTS` order.
 * Why a string and not 23 numbers: DynamoDB Local parses every attribute of every item a Query
 * touches, projected or not — a year of 6 projects took 55 ms with 21 numbers per project, 7 ms
 * with one string (366 items), and reading these strings is faster than even 2 numbers per project
 * (8.4 against 12.4 ms at 100,000 entries in the report bench). A string cannot be ADDed to, so
 * the writer reads the items first and puts each back with its `ver` one higher, on the condition
 * that `ver` is still the one read (absent: that the item still is absent): a writer that lost a
 * race reads again and redoes. Items are never deleted — a deleted and recreated item would start
 * its `ver` again and let a stale write through. Every sum stays an exact integer below 2^53.
 */

/** The items' type attribute (the key prefix is in `./keys-billing.ts`). */
export const TAG_DAY_TYPE = 'REPTAGSUMS';

const MS_PER_MINUTE = 60_000;

/** A project's attribute in a tag day item. */
export const tagDayProjectAttribute = (projectId: string) => `s:${projectId}`;

const VARIANT_NAMES = ROUNDING_VARIANTS.map((v) => roundedAttribute(v) as string);
/** The sums of a project's string, in order: `t` and `b` in milliseconds, then the variants in minutes. */
const SUM_NAMES = ['t', 'b', ...VARIANT_NAMES];

/** A project's sums in a tag day item. */
export interface ProjectSums {
  timeMs: number;
  billableMs: number;
  /** Per rounding variant (`ROUNDING_VARIANTS` order), the rounded billable time in minutes. */
  roundedMinutes: number[];
}

/** The sums of one project as stored (all 0 when absent). */
export function decodeProjectSums(text: unknown): ProjectSums {
  const values =
    typeof text === 'string' && text !== '' ? text.split(',').map(Number) : SUM_NAMES.map(() => 0);
  if (values.length !== SUM_NAMES.length || !values.every(Number.isSafeInteger)) {
    throw new Error(`A tag day rollup holds ${JSON.stringify(text)}, not ${SUM_NAMES.length} integer sums`);
  }
  const [timeMs, billableMs, ...roundedMinutes] = values as [number, number, ...number[]];
  return { timeMs, billableMs, roundedMinutes };
}

const encodeProjectSums = (values: readonly number[]) => values.join(',');

/**
 * Reads a project's time, billable time and, when `rounding` names a variant, its rounded billable
 * time from the stored string (0s when absent): what a report needs of each of up to 366 × the
 * projects' strings, so it converts only those three of the 23.
 */
export function projectSumsReader(rounding: string | undefined) {
  const index = rounding === undefined ? -1 : VARIANT_NAMES.indexOf(rounding);
  if (rounding !== undefined && index < 0) throw new Error(`No rounded sum is kept for ${rounding}`);
  return (text: unknown) => {
    if (typeof text !== 'string' || text === '') return { timeMs: 0, billableMs: 0, roundedBillableMs: 0 };
    const parts = text.split(',');
    const [timeMs, billableMs] = [Number(parts[0]), Number(parts[1])];
    const rounded = index < 0 ? billableMs : Number(parts[2 + index]) * MS_PER_MINUTE;
    if (parts.length !== SUM_NAMES.length || ![timeMs, billableMs, rounded].every(Number.isSafeInteger)) {
      throw new Error(`A tag day rollup holds ${JSON.stringify(text)}, not ${SUM_NAMES.length} integer sums`);
    }
    return { timeMs, billableMs, roundedBillableMs: rounded };
  };
}

/** A stored project's sums as one list in `SUM_NAMES` order (the rounded ones in minutes). */
const listOf = (s: ProjectSums) => [s.timeMs, s.billableMs, ...s.roundedMinutes];

/**
 * The item `effect` (ADDs named `<sum>:<pid>` in milliseconds, as `tagDayEffects` makes them)
 * leaves when applied to `current` (absent: a new item): every project's sums added up, `ver` one
 * higher, projects whose sums all come to 0 left out.
 */
export function tagDayItemAfter(
  effect: Effect,
  current: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const sums = new Map<string, number[]>();
  for (const [name, ms] of Object.entries(effect.add)) {
    const split = name.indexOf(':');
    const [sum, projectId] = [name.slice(0, split), name.slice(split + 1)];
    const attribute = tagDayProjectAttribute(projectId);
    const values = sums.get(attribute) ?? listOf(decodeProjectSums(current?.[attribute]));
    const index = SUM_NAMES.indexOf(sum);
    const unit = index < 2 ? 1 : MS_PER_MINUTE;
    if (index < 0 || ms % unit !== 0) throw new Error(`Not a tag day sum: ${name} ${ms}`);
    values[index] = (values[index] as number) + ms / unit;
    sums.set(attribute, values);
  }
  const item: Record<string, unknown> = { ...current, ...effect.key, ...effect.set };
  for (const [attribute, values] of sums) {
    if (values.every((v) => v === 0)) delete item[attribute];
    else item[attribute] = encodeProjectSums(values);
  }
  item.ver = Number(current?.ver ?? 0) + 1;
  return item;
}

/** The Put that replaces `current` by `next`, only if no other writer replaced it since it was read. */
export function tagDayPut(
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

/** The tag day items at `keys` as stored now (consistent reads), by `itemId`; absent ones left out. */
export async function readTagDayItems(keys: TableKey[]): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  // At most 40 keys for one entry (20 tags, before and after a move), and fewer than 100 for a
  // group of entries (`./tag-rollup-batches.ts`): within BatchGetItem's 100.
  let pending: TableKey[] = keys;
  await retrying(
    BATCH_RETRY,
    async () => {
      if (pending.length === 0) return undefined;
      const out = await ddb.send(
        new BatchGetCommand({ RequestItems: { [TABLE]: { Keys: pending, ConsistentRead: true } } }),
      );
      for (const item of out.Responses?.[TABLE] ?? []) found.set(itemId(item as TableKey), item);
      pending = (out.UnprocessedKeys?.[TABLE]?.Keys ?? []) as TableKey[];
      return pending.length > 0 ? AGAIN : undefined;
    },
    () => new Error(`BatchGet left ${pending.length} tag day rollups unread`),
  );
  return found;
}
