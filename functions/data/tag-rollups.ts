import { ROUNDING_VARIANTS, roundEntryMs, roundedAttribute } from '../../contract/rounding';
import { foldTag } from '../../contract/tags';
import { activityDay } from './activity-kind';
import { type TagDayFamily, tagCountedKey, tagDayRollupKey } from './keys';
import { type Effect, mergeEffects } from './rollups';
import { ROUNDED_TYPE, roundedItemAfter } from './tag-rounded';

/**
 * The per-tag day rollups: what a report by day, week or month with a tag filter reads (see
 * `./tag-rollup-writes.ts` for how the table's stream keeps them, and `./report-queries.ts`).
 *
 *   tag day rollup      `REPTAGDAY#<sha(folded tag)>#<yyyy-mm-dd>`   per project: t:<pid>, b:<pid>
 *   tag rounded rollup  `REPTAGRND#<sha(folded tag)>#<yyyy-mm-dd>`   ver; per project: r:<pid> (23 sums)
 *   tag mark            `REPTAGCOUNTED#<activityId>`                 seq, layout, what of the entry is counted
 *
 * One item per user, tag (folded as reports compare tags: `foldTag`) and day holds, for every
 * project with time under that tag that day, sums as attributes named after the project: `t:<pid>`
 * all time and `b:<pid>` billable time. A second item per tag and day holds per project, in one
 * string attribute, the same two sums and the billable durations rounded per entry by each of the
 * 21 rounding variants, then summed (`./tag-rounded.ts`: why a string). So a year's filtered
 * report is one Query of at most 366 items — of the first family, or for a user who rounds of the
 * second alone — whatever the number of entries, projects or other tags, and amounts stay exact:
 * each project's rounded sum × its current rate. Why two families: the first is ADDed to, with no
 * read, and a report without rounding reads the smallest items (measured: 77 ms against 19 ms for
 * a year of 6 projects on DynamoDB Local, when the 21 rounded sums were numbers in the same item).
 *
 * Marks carry the `layout` they were counted in. Layout 2 keeps the rounded sums as above; marks
 * without one (layout 1, 2026-11-28 only, before any release) had them as 21 numbers per project
 * under `REPTAGROUND#`, which nothing reads any more: moving such a mark on takes its old state out
 * of the base family only and counts its new state into the rounded family from nothing, and
 * `npm run backfill:reports` moves every one on.
 *
 * Why per tag rather than per billable/tag group (`REPDAY#`): a filtered read would otherwise read
 * every group holding the tag, and on a dense history nearly every group occurs on every day. Why
 * not in the entry's transaction: an entry with 20 tags would touch 40 of these items per version,
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

/** The attribute of a project's sum in a tag day item: `t` time, `b` billable, or a rounding variant. */
export const tagSumAttribute = (sum: string, projectId: string) => `${sum}:${projectId}`;

/**
 * The effects of adding (`sign` 1) or removing (-1) one entry's count: per tag, the base item and
 * the rounded one (which repeats the base sums, so a user who rounds reads it alone) — at most
 * 2 × 20 items per state, so a move that swaps 20 tags for 20 others is 80 items plus the mark and
 * the account check, under DynamoDB's 100.
 */
export function tagDayEffects(userId: string, c: TagCount, sign: 1 | -1): Effect[] {
  const base: Record<string, number> = { [tagSumAttribute('t', c.projectId)]: sign * c.timeMs };
  const rounded: Record<string, number> = {};
  if (c.billable) {
    base[tagSumAttribute('b', c.projectId)] = sign * c.timeMs;
    for (const variant of ROUNDING_VARIANTS) {
      rounded[tagSumAttribute(roundedAttribute(variant) as string, c.projectId)] =
        sign * roundEntryMs(c.timeMs, variant);
    }
  }
  const item = (family: TagDayFamily, tag: string, add: Record<string, number>): Effect => ({
    key: tagDayRollupKey(family, userId, foldTag(tag), c.day),
    add: { ...add },
    set: { type: family === 'base' ? 'REPTAGDAY' : ROUNDED_TYPE, day: c.day },
    mustExist: false,
  });
  return c.tags.flatMap((tag) => [item('base', tag, base), item('rounded', tag, { ...base, ...rounded })]);
}

/**
 * What moving an entry's count from `from` to `to` changes (an item touched once). A state counted
 * in layout 1 has no rounded sums where layout 2 keeps them: only its base items are taken out.
 */
export function tagDeltaEffects(userId: string, from: Counted, to: Counted): Effect[] {
  const legacy = from.layout !== TAG_LAYOUT;
  const out = from.count
    ? tagDayEffects(userId, from.count, -1).filter((e) => !legacy || e.set.type !== ROUNDED_TYPE)
    : [];
  return mergeEffects([...out, ...(to.count ? tagDayEffects(userId, to.count, 1) : [])]);
}

/** Whether an effect is on a rounded item (read, added up and put back, not ADDed: `./tag-rounded.ts`). */
export const isRoundedEffect = (e: Effect) => e.set.type === ROUNDED_TYPE;

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
  const effects = entryItems.flatMap((item) => tagDayEffects(userId, tagCountOfItem(item), 1));
  // The rounded items as the stream leaves them: put back once per entry that changed them.
  const rounded = new Map<string, Record<string, unknown>>();
  const changing = (e: Effect) => Object.values(e.add).some((v) => v !== 0);
  for (const e of effects.filter(isRoundedEffect).filter(changing)) {
    rounded.set(e.key.SK, roundedItemAfter(e, rounded.get(e.key.SK)));
  }
  return [
    ...mergeEffects(effects.filter((e) => !isRoundedEffect(e))).map((e) => ({
      ...e.key,
      ...e.set,
      ...e.add,
    })),
    ...rounded.values(),
    ...entryItems.map((item) => markItem(userId, String(item.activityId), liveState(item))),
  ];
}
