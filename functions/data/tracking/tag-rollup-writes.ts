import { ddb, GetCommand, TABLE } from '../core/client';
import { itemId, tagCountedKey, userKey } from '../core/keys';
import { AGAIN, retrying, VERSION_RETRY } from '../core/retry';
import { type TxOp, transact } from '../core/transact';
import { LIVE_USER_CONDITION } from '../identity/users';
import type { Effect } from './rollup-family';
import {
  type Counted,
  countsInFull,
  markItem,
  NOTHING_COUNTED,
  stateOfMark,
  tagDeltaEffects,
  untagged,
} from './tag-rollups';
import { readTagDayItems, tagDayItemAfter, tagDayPut } from './tag-sums';

/**
 * The WRITE side of the per-tag day rollups (`./tag-rollups.ts`), run by the table's stream
 * (`functions/handlers/report-tag-rollups.ts`) and by `npm run backfill:reports`.
 *
 * Why it can neither double-count nor miss: next to the rollups, each time entry has a MARK
 * (`REPTAGCOUNTED#<activityId>`) recording which state of the entry the rollups count (`seq`:
 * version × 2, + 1 once deleted) and what that state counted (project, day, tags, billable, time).
 * Moving the rollups from the counted state to a newer one is ONE transaction: the tag day items
 * put back with the difference added (each on the condition that no other writer put it back
 * since it was read: `./tag-sums.ts`), the mark rewritten to the new state, on the condition that the mark still records
 * the state the difference was taken from — and that the account is live (a deleted account's
 * partition is being wiped; nothing is written back into it). So:
 *   - a record delivered twice, or replayed after a later one (Lambda retries a failed batch whole),
 *     finds the mark at its own state or later and changes nothing;
 *   - a crash half-way (between two records, or before a transaction) leaves each entry wholly at
 *     one state, and the retry goes on from there; a transaction is all or nothing;
 *   - two writers at once (the stream and the back-fill) race on the mark's condition: the loser
 *     reads the mark again and finds the work done, or the difference still to make.
 * The first try takes the difference between the record's OLD_IMAGE and NEW_IMAGE (what the mark
 * says in the normal case, so no read of the mark); only when the mark says otherwise (an entry
 * stored before these rollups, a record applied already) is the mark read and the difference taken
 * from what it recorded. The tag day items are read before each try.
 */

/** What applying a state did. */
export type TagApply = 'applied' | 'current' | 'account-gone';

/** The mark's state as stored now (consistent read). */
export async function readMark(userId: string, activityId: string): Promise<Counted> {
  const out = await ddb.send(
    new GetCommand({ TableName: TABLE, Key: tagCountedKey(userId, activityId), ConsistentRead: true }),
  );
  return stateOfMark(out.Item);
}

/** Replaces the mark only if it still records `from` (absent when nothing is counted). */
export function markOp(userId: string, activityId: string, from: Counted, to: Counted) {
  if (from.seq === 0) {
    return {
      Put: {
        TableName: TABLE,
        Item: markItem(userId, activityId, to),
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    };
  }
  const layout = from.layout === undefined ? 'attribute_not_exists(layout)' : 'layout = :layout';
  return {
    Put: {
      TableName: TABLE,
      Item: markItem(userId, activityId, to),
      ConditionExpression: `seq = :seq AND ${layout}`,
      ExpressionAttributeValues: {
        ':seq': from.seq,
        ...(from.layout === undefined ? {} : { ':layout': from.layout }),
      },
    },
  };
}

/** The check that the account is live: nothing is written back into a deleted account's partition. */
export const liveAccountCheck = (userId: string): TxOp => ({
  op: {
    ConditionCheck: { TableName: TABLE, Key: userKey(userId), ConditionExpression: LIVE_USER_CONDITION },
  },
  onConditionFailed: 'account',
});

/** The puts of the tag day items `effects` change, each read first and put back under its `ver`. */
export async function tagDayPuts(effects: Effect[]): Promise<TxOp[]> {
  const current = effects.length > 0 ? await readTagDayItems(effects.map((e) => e.key)) : new Map();
  return effects.map((e) => {
    const before = current.get(itemId(e.key));
    return { op: tagDayPut(tagDayItemAfter(e, before), before), onConditionFailed: 'tag-day' };
  });
}

/** The transaction items moving one entry's count from `counted` to `target`, its tag day items read first. */
async function moveOps(
  userId: string,
  activityId: string,
  counted: Counted,
  target: Counted,
): Promise<TxOp[]> {
  return [
    { op: markOp(userId, activityId, counted, target), onConditionFailed: 'mark' },
    liveAccountCheck(userId),
    ...(await tagDayPuts(tagDeltaEffects(userId, counted, target))),
  ];
}

/**
 * What a stream record of an entry going from `assumed` (its OLD_IMAGE) to `target` needs done,
 * before any write: most entries carry no tags, and their records change no tag day item.
 *   - 'skip': neither state has tags and the entry lives on. The rollups count the same before
 *     and after (nothing), so no write, and the mark is left where it is (absent for an entry that
 *     never had tags): records come in stream order, so a later record finds the mark at the last
 *     state that counted tags or none, and its transaction's mark condition says which.
 *   - an entry whose old state has no tags is assumed counted as nothing: its mark was most likely
 *     never written (the first try expects no mark; a mark that is there fails the condition and
 *     is read, as any other surprise is).
 * A deleted entry's record still goes through (its mark, if any, gets its deleted state and expiry).
 */
export function planTagRecord(assumed: Counted, target: Counted): 'skip' | Counted {
  if (untagged(assumed) && untagged(target) && target.count) return 'skip';
  return untagged(assumed) ? NOTHING_COUNTED : assumed;
}

/**
 * Brings the tag day rollups of one entry to `target` (a later state replaces an earlier one; an
 * earlier or equal one is already counted, unless in an older layout). `assumed` is what the
 * caller expects the mark to say (from the stream record's OLD_IMAGE); absent, the mark is read
 * first. A try that lost a race — for the mark, or for a tag day item another entry's count
 * changed since it was read — reads again and redoes, after a jittered wait: every lost race is
 * another writer's progress, so the bound only stops a runaway loop.
 */
export async function applyTagState(
  userId: string,
  activityId: string,
  target: Counted,
  assumed?: Counted,
): Promise<TagApply> {
  let counted = assumed ?? (await readMark(userId, activityId));
  return retrying(
    VERSION_RETRY,
    async () => {
      if (countsInFull(counted, target)) return 'current';
      const result = await transact(await moveOps(userId, activityId, counted, target));
      if (result.ok) return 'applied';
      if (result.failed.includes('account')) return 'account-gone';
      if (result.failed.includes('mark')) counted = await readMark(userId, activityId);
      return AGAIN;
    },
    // Thrown, so the stream retries the batch (the mark keeps a retry from counting twice).
    () =>
      new Error(
        `The tag rollups of entry ${activityId} kept changing under ${VERSION_RETRY.attempts} attempts`,
      ),
  );
}
