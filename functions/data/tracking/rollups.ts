import { TABLE } from '../core/client';
import type { EntryKind } from '../core/keys';
import type { TxItem } from '../core/transact';
import { LIVE_PROJECT_CONDITION } from './projects';
import { type Contribution, type Effect, mergeEffects } from './rollup-family';
import { countsIn, ENTRY_FAMILIES } from './rollup-registry';

/**
 * The generic WRITER of the rollup families (`./rollup-registry.ts`): the items an entry's create,
 * edit, move or delete ADDs to. Every activity write ADDs its deltas to the project's totals, the
 * rollups, the task and tag indexes and the counters in ONE transaction, so they always equal the
 * sums of the activities. The families' items and keys: `./chart-rollups.ts`,
 * `./report-rollups.ts`, `./tax-rollups.ts`; their reads: `./rollup-queries.ts`.
 */
export {
  dayRollupKey,
  projectDerivedPrefixes,
  taskDayRollupKey,
  taskDayRollupRange,
  taskIndexKey,
  taskIndexPrefix,
  taskMonthRollupKey,
  taskMonthRollupRange,
  taskPairHash,
} from '../core/keys';
export { monthOf } from './chart-rollups';
export { type Contribution, type Effect, mergeEffects } from './rollup-family';

export type TaskKind = EntryKind;

/**
 * The effects of adding (`sign` 1) or removing (`sign` -1) one activity: one per item of each
 * family that counts it at its level, in the registry's order. A move or an edit is the removal of
 * the old contribution plus the addition of the new one, so both days, both months and both
 * projects are adjusted.
 */
export function effectsOf(userId: string, c: Contribution, sign: 1 | -1): Effect[] {
  const effects: Effect[] = [];
  for (const family of ENTRY_FAMILIES) {
    if (!countsIn(family, c)) continue;
    const items = family.items(userId, c);
    if (items.length === 0) continue;
    const add = family.delta(c, sign);
    for (const { key, set } of items) {
      effects.push({
        key,
        add: { ...add },
        set,
        mustExist: family.mustExist === true,
        ...(family.mustExist ? { projectId: c.projectId } : {}),
      });
    }
  }
  return effects;
}

/** The transaction item of one effect: an Update with SET and ADD, or a bare ConditionCheck. */
export function effectToTxItem(effect: Effect): TxItem {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  const adds: string[] = [];
  let i = 0;
  for (const [name, value] of Object.entries(effect.set)) {
    names[`#s${i}`] = name;
    values[`:s${i}`] = value;
    sets.push(`#s${i} = :s${i}`);
    i++;
  }
  for (const [name, value] of Object.entries(effect.add)) {
    if (value === 0) continue;
    names[`#a${i}`] = name;
    values[`:a${i}`] = value;
    adds.push(`#a${i} :a${i}`);
    i++;
  }
  // Only a project must exist, and be live: a project being deleted takes no writes.
  const condition = effect.mustExist ? { ConditionExpression: LIVE_PROJECT_CONDITION } : {};
  if (adds.length === 0) {
    return {
      ConditionCheck: { TableName: TABLE, Key: effect.key, ConditionExpression: LIVE_PROJECT_CONDITION },
    };
  }
  const expression = [sets.length ? `SET ${sets.join(', ')}` : '', `ADD ${adds.join(', ')}`]
    .filter(Boolean)
    .join(' ');
  return {
    Update: {
      TableName: TABLE,
      Key: effect.key,
      UpdateExpression: expression,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ...condition,
    },
  };
}

/**
 * Every rollup and task index item that a set of activities adds up to, computed in memory (pure):
 * what the transactions would have built one write at a time — the rollups rebuilt from raw
 * entries. For bulk seeding (demo data, benchmarks); project totals and counters are for the
 * caller (see `toProjectItem`, `toCountersItem`).
 */
export function rollupItemsFor(userId: string, contributions: Contribution[]): Record<string, unknown>[] {
  const merged = mergeEffects(contributions.flatMap((c) => effectsOf(userId, c, 1)));
  return merged.filter((e) => e.projectId === undefined).map((e) => ({ ...e.key, ...e.set, ...e.add }));
}
