import { itemId } from '../core/keys';
import { AGAIN, retrying } from '../core/retry';
import { type TxOp, transact } from '../core/transact';
import { mergeEffects } from './rollup-family';
import { liveAccountCheck, markOp, tagDayPuts } from './tag-rollup-writes';
import { type Counted, NOTHING_COUNTED, tagDeltaEffects, untagged } from './tag-rollups';

/**
 * Many entries' tag rollups moved on in ONE transaction (issue 39: batch the stream's puts). A
 * stream batch of 100 time entry records used to be up to 100 transactions, each putting back the
 * same few tag day items of a busy day; together they are a handful, each item put back once per
 * transaction with the sum of every entry's difference.
 *
 * It is the same move as `applyTagState` (`./tag-rollup-writes.ts`), for several entries at once:
 * every entry's mark on the condition that it still records the state the difference is taken
 * from, the account checked live once per user, each tag day item on the condition that no one put
 * it back since it was read. So each transaction is all or nothing, and a batch delivered again
 * finds its marks moved on. An entry whose mark says otherwise (a replay, an entry stored before
 * the rollups) is taken out and the rest tried again; when an account is gone, or races outlast a
 * few tries, no more is tried together. What was not written is answered, and the caller applies
 * those entries one by one (`applyTagState`), which reads each mark and knows what to do.
 */

/** One entry's move: its rollups from `assumed` (what the stream's OLD_IMAGE says) to `target`. */
export interface TagMove {
  userId: string;
  activityId: string;
  assumed: Counted;
  target: Counted;
}

/** DynamoDB's most items in one transaction (and keys in one BatchGetItem). */
const MAX_TRANSACTION_ITEMS = 100;

/** A lost race for a tag day item is read again and redone a few times, then left to one by one. */
const RACE_RETRY = { attempts: 4, baseMs: 10, capMs: 80 };

/**
 * The state an entry's records in one batch move it from, their first OLD_IMAGE's: an entry whose
 * old state has no tags is assumed counted as nothing (its mark was most likely never written:
 * `planTagRecord`), and if that is wrong, the mark's condition says so.
 */
export const assumedFrom = (oldState: Counted): Counted => (untagged(oldState) ? NOTHING_COUNTED : oldState);

const effectsOf = (m: TagMove) => tagDeltaEffects(m.userId, m.assumed, m.target);

/**
 * The moves in groups that each fit one transaction: a mark per entry, a live check per user and
 * each tag day item once. One entry needs at most 42 (20 tags out, 20 in), so every group holds at
 * least one. The order is kept.
 */
export function packMoves<T extends TagMove>(moves: T[]): T[][] {
  const groups: T[][] = [];
  let group: T[] = [];
  let keys = new Set<string>();
  let users = new Set<string>();
  for (const move of moves) {
    const own = effectsOf(move).map((e) => itemId(e.key));
    const newKeys = new Set(own.filter((k) => !keys.has(k))).size;
    const newUser = users.has(move.userId) ? 0 : 1;
    if (
      group.length > 0 &&
      group.length + 1 + keys.size + newKeys + users.size + newUser > MAX_TRANSACTION_ITEMS
    ) {
      groups.push(group);
      [group, keys, users] = [[], new Set(), new Set()];
    }
    group.push(move);
    for (const k of own) keys.add(k);
    users.add(move.userId);
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/** The transaction items of one group, its tag day items read first; entry `i`'s mark fails as `mark:i`. */
async function groupOps(group: TagMove[]): Promise<TxOp[]> {
  return [
    ...group.map((m, i) => ({
      op: markOp(m.userId, m.activityId, m.assumed, m.target),
      onConditionFailed: `mark:${i}`,
    })),
    ...[...new Set(group.map((m) => m.userId))].map(liveAccountCheck),
    ...(await tagDayPuts(mergeEffects(group.flatMap(effectsOf)))),
  ];
}

/**
 * Moves the entries of `group` (one of {@link packMoves}'s) on in as few transactions as it can,
 * and answers those it did NOT write, to be applied one by one: entries whose mark is not at the
 * state assumed (the others are tried again without them), every entry when an account is gone
 * (one by one, each learns which), and every entry still pending when races with other writers or
 * a fault outlast a few tries. Nothing of a failed transaction is written.
 */
export async function applyTogether<T extends TagMove>(group: T[]): Promise<T[]> {
  let pending = group;
  const apart: T[] = [];
  try {
    await retrying(
      RACE_RETRY,
      async () => {
        if (pending.length === 0) return undefined;
        const result = await transact(await groupOps(pending));
        if (result.ok) return undefined;
        if (result.failed.includes('account')) throw new Error('an account is gone');
        const marks = new Set(
          result.failed.filter((f) => f.startsWith('mark:')).map((f) => Number(f.slice(5))),
        );
        apart.push(...pending.filter((_, i) => marks.has(i)));
        pending = pending.filter((_, i) => !marks.has(i));
        // Tag day items another writer put back since they were read, or entries taken out: again.
        return AGAIN;
      },
      () => new Error('tag day items kept changing'),
    );
    return apart;
  } catch {
    return [...apart, ...pending];
  }
}
