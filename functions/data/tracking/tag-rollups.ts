import { ROUNDING_VARIANTS, roundEntryMs, roundedAttribute } from '../../../contract/rounding';
import { foldTag } from '../../../contract/tags';
import { tagCountedKey, tagDayRollupKey } from '../core/keys';
import { activityDay } from './activity-kind';
import { type Effect, mergeEffects } from './rollup-family';
import { TAG_DAY_TYPE, tagDayItemAfter } from './tag-sums';

/**
 * The per-tag day rollups: what a report by day with a tag filter reads (see
 * `./tag-rollup-writes.ts` for how the table's stream keeps them, and `./report-queries.ts`).
 *
 *   tag day rollup   `REPTAGSUMS#<sha(folded tag)>#<yyyy-mm-dd>`   day, ver; per project s:<pid> (23 sums)
 *   tag mark         `REPTAGCOUNTED#<activityId>`                  seq, layout, what of the entry is counted
 *
 * One item per user, tag (folded as reports compare tags: `foldTag`) and day holds, for every
 * project with time under that tag that day, one string attribute named after the project with its
 * time, billable time and billable time rounded per entry by each of the 21 rounding variants, then
 * summed (`./tag-sums.ts`: why a string). So a year's filtered report is one Query of at most 366
 * items, whatever the number of entries, projects or other tags, and amounts stay exact: each
 * project's rounded sum × its current rate.
 *
 * Marks carry the `layout` they were counted in: 2, these items. Marks without one (layout 1,
 * 2026-11-28 only, before any release) were counted in `REPTAGDAY#` and `REPTAGROUND#` items,
 * which nothing reads any more: moving such a mark on counts its new state from nothing, and
 * `npm run backfill:reports` moves every one on.
 *
 * Why per tag rather than per billable/tag group (`REPDAY#`): a filtered read would otherwise read
 * every group holding the tag, and on a dense history nearly every group occurs on every day. Why
 * not in the entry's transaction: an entry with 20 tags would touch 20 of these items per version,
 * and a move swapping 20 tags for 20 others, with the entry's other rollups, exceeds DynamoDB's 100
 * items per transaction.
 */

/** What the tag day rollups count of one time entry. */
export interface TagCount {
  projectId: string;
  day: string;
  tags: string[];
  billable: boolean;
  timeMs: number;
}

/** The layout marks are written in now (see above). */
export const TAG_LAYOUT = 2;

/**
 * What the rollups have counted of one entry: `seq` orders an entry's states — version `v` live is
 * `2v`, deleted at version `v` is `2v + 1`, nothing counted yet is 0 — `count` is what is
 * counted (absent: nothing, or the entry is deleted), and `layout` the layout it is counted in
 * (absent: 1, from a mark written before layout 2).
 */
export interface Counted {
  seq: number;
  count?: TagCount;
  layout?: number;
}

export const NOTHING_COUNTED: Counted = { seq: 0, layout: TAG_LAYOUT };

/** Whether the rollups count `counted` in full where readers look: nothing left to move it on for. */
export const countsInFull = (counted: Counted, target: Counted) =>
  counted.seq > target.seq ||
  (counted.seq === target.seq && (counted.layout === TAG_LAYOUT || counted.count === undefined));

/** Whether a state counts nothing in the tag day items: nothing counted, deleted, or no tags. */
export const untagged = (c: Counted) => (c.count?.tags.length ?? 0) === 0;

const versionOf = (item: Record<string, unknown>) => Number(item.version ?? 1);

/** What a stored (or streamed) time entry item counts. */
export function tagCountOfItem(item: Record<string, unknown>): TagCount {
  return {
    projectId: String(item.projectId),
    day: activityDay(String(item.date ?? item.day ?? '')),
    tags: Array.isArray(item.tags) ? (item.tags as unknown[]).map(String) : [],
    billable: item.billable !== false,
    timeMs: Number(item.duration ?? 0),
  };
}

/** The state a live entry item stands for. */
export const liveState = (item: Record<string, unknown>): Counted => ({
  seq: 2 * versionOf(item),
  count: tagCountOfItem(item),
  layout: TAG_LAYOUT,
});

/** The state of an entry deleted at the version of `item` (its last). */
export const deletedState = (item: Record<string, unknown>): Counted => ({
  seq: 2 * versionOf(item) + 1,
  layout: TAG_LAYOUT,
});

/**
 * The effects of adding (`sign` 1) or removing (-1) one entry's count: one per tag, ADDs named
 * `<sum>:<pid>` in milliseconds (`t` time, `b` billable, `rU15` … rounded), which
 * `tagDayItemAfter` adds into the item's string — at most 20 items per state, so a move that swaps
 * 20 tags for 20 others is 40 items plus the mark and the account check, under DynamoDB's 100.
 */
export function tagDayEffects(userId: string, c: TagCount, sign: 1 | -1): Effect[] {
  const add: Record<string, number> = { [`t:${c.projectId}`]: sign * c.timeMs };
  if (c.billable) {
    add[`b:${c.projectId}`] = sign * c.timeMs;
    for (const variant of ROUNDING_VARIANTS) {
      add[`${roundedAttribute(variant)}:${c.projectId}`] = sign * roundEntryMs(c.timeMs, variant);
    }
  }
  return c.tags.map((tag) => ({
    key: tagDayRollupKey(userId, foldTag(tag), c.day),
    add: { ...add },
    set: { type: TAG_DAY_TYPE, day: c.day },
    mustExist: false,
  }));
}

/**
 * What moving an entry's count from `from` to `to` changes (an item touched once). A state counted
 * in layout 1 is in none of these items: nothing of it is taken out.
 */
export function tagDeltaEffects(userId: string, from: Counted, to: Counted): Effect[] {
  const out = from.count && from.layout === TAG_LAYOUT ? tagDayEffects(userId, from.count, -1) : [];
  return mergeEffects([...out, ...(to.count ? tagDayEffects(userId, to.count, 1) : [])]);
}

/** How long a deleted entry's mark is kept: past the stream's 24 hours, so no replay recounts it. */
const DELETED_MARK_SECONDS = 7 * 86_400;

/** The mark item saying the rollups count `state` of the entry. */
export function markItem(userId: string, activityId: string, state: Counted): Record<string, unknown> {
  const key = tagCountedKey(userId, activityId);
  const what = state.count
    ? { ...state.count }
    : { deleted: true, expiresAt: Math.ceil(Date.now() / 1000) + DELETED_MARK_SECONDS };
  return { ...key, type: 'REPTAGCOUNTED', activityId, seq: state.seq, layout: TAG_LAYOUT, ...what };
}

/** The state a mark item records (`NOTHING_COUNTED` for none). */
export function stateOfMark(item: Record<string, unknown> | undefined): Counted {
  if (!item) return NOTHING_COUNTED;
  const seq = Number(item.seq ?? 0);
  const layout = item.layout === undefined ? {} : { layout: Number(item.layout) };
  return item.deleted
    ? { seq, ...layout }
    : { seq, ...layout, count: tagCountOfItem({ ...item, duration: item.timeMs }) };
}

/**
 * Every tag day rollup and mark that a set of time entry items adds up to, computed in memory
 * (pure): what the stream would have built. For bulk seeding, which writes these before the
 * entries, so the stream's records of the seeded entries find them counted already.
 */
export function tagRollupItemsFor(
  userId: string,
  entryItems: Record<string, unknown>[],
): Record<string, unknown>[] {
  // Each item put once with every entry's sums, as the stream puts it back once for a batch of
  // entries (`./tag-rollup-batches.ts`), so `ver` is the same too.
  const effects = mergeEffects(entryItems.flatMap((item) => tagDayEffects(userId, tagCountOfItem(item), 1)));
  return [
    ...effects.map((e) => tagDayItemAfter(e, undefined)),
    // A mark for each entry with tags: the stream writes none for an entry that never had any.
    ...entryItems
      .filter((item) => !untagged(liveState(item)))
      .map((item) => markItem(userId, String(item.activityId), liveState(item))),
  ];
}
