import type { ExpenseCategory } from '../../../contract/enums';
import { TABLE } from '../core/client';
import {
  dayRollupKey,
  type EntryKind,
  projectKey,
  taskDayRollupKey,
  taskIndexKey,
  taskMonthRollupKey,
} from '../core/keys';
import type { TxItem } from '../core/transact';
import { LIVE_PROJECT_CONDITION } from './projects';
import { billableAdds, reportEffects } from './report-rollups';
import { type TaskPair, taskAttributes } from './task-attributes';
import { taxMonthEffects } from './tax-rollups';

/**
 * The WRITE side of the per-day rollups and the task index (the charts read them in
 * `./rollup-queries.ts`). All items sit in the user's partition:
 *
 *   day rollup       `DAY#<projectId>#<yyyy-mm-dd>`                 timeMs, incomeCents, expenseCents
 *   task-day rollup  `TASKDAY#<projectId>#<yyyy-mm-dd>#<pair>`      timeMs, activity, description
 *   task-month rollup `TASKMONTH#<projectId>#<yyyy-mm>#<pair>`      timeMs, activity, description
 *   time task index  `TASK#<projectId>#<pair>`                     useCount, activity, description
 *   finance task idx `FINTASK#<projectId>#<pair>`                   useCount, activity, description
 *
 * `<pair>` is `taskPairHash(task, sub-task)`: 22 characters whatever the text. The text itself is
 * only in the `activity` and `description` attributes (task and sub-task, written by
 * `taskAttributes`), which every reader groups by. Why not the text in the key: DynamoDB caps a sort key at 1,024 bytes, and 200 Japanese characters are 600
 * bytes of UTF-8 and 1,800 URL-encoded, so entries in Japanese or with many accents were refused.
 * Every activity write ADDs its deltas to these items, to the project's totals and to the counters
 * in ONE transaction, so they always equal the sums of the activities.
 *
 * Why a month rollup next to the task-day one: on a dense history a year holds ≈ 365 × (tasks ×
 * sub-tasks) task-day items, so the task pie and grids would read more the denser the history.
 * Months of a range are read from the month items instead (≈ 12 × pairs for a year), and only
 * the days that make up a partial edge month from the task-day items.
 *
 * Items written by the first release carry `<enc(task)>#<enc(sub-task)>` (URL-encoded text) where
 * the hash is now. They sit inside the same prefixes and ranges, and every reader sums by the text
 * attributes, so old and new items of one pair add up (see `functions/data/README.md`).
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

export type TaskKind = EntryKind;

/** The `yyyy-mm` month of a `yyyy-mm-dd` day. */
export const monthOf = (day: string) => day.slice(0, 7);

/** What one activity adds to the totals: the same shape for time and money. */
export interface Contribution extends TaskPair {
  kind: TaskKind;
  projectId: string;
  /** `yyyy-mm-dd` of the activity's date. */
  day: string;
  timeMs: number;
  incomeCents: number;
  expenseCents: number;
  /** Time entries: whether the time is billed, and its tags (the report rollups group by both). */
  billable?: boolean;
  tags?: readonly string[];
  /**
   * The rollups the stored entry was counted in (absent: the current ones): time entries' report
   * rollups (`ROLLUP_LEVEL`), finance entries' tax month (`FINANCE_ROLLUP_LEVEL`).
   */
  rollupLevel?: number;
  /** Finance entries: whether it is an expense, its VAT and (an expense's) category (tax months). */
  expense?: boolean;
  vatCents?: number;
  category?: ExpenseCategory;
}

/**
 * A change to one item: numbers to ADD, attributes to SET (identifying fields, identical on every
 * write), and whether the item must already exist (the project: writing into a missing, deleted or
 * another user's project must fail, not create a stray item).
 */
export interface Effect {
  key: { PK: string; SK: string };
  add: Record<string, number>;
  set: Record<string, unknown>;
  mustExist: boolean;
  /** The project id when this is a project's totals (its failed condition means "no such project"). */
  projectId?: string;
}

/**
 * The effects of adding (`sign` 1) or removing (`sign` -1) one activity: project totals, day
 * rollup, task-day and task-month rollups (time only) and the task index use count (when it names
 * a task). A move or an edit is the removal of the old contribution plus the addition of the new
 * one, so both days, both months and both projects are adjusted.
 */
export function effectsOf(userId: string, c: Contribution, sign: 1 | -1): Effect[] {
  const effects: Effect[] = [
    {
      key: projectKey(userId, c.projectId),
      add: {
        totalHours: sign * c.timeMs,
        totalIncomeCents: sign * c.incomeCents,
        totalExpensesCents: sign * c.expenseCents,
      },
      set: {},
      mustExist: true,
      projectId: c.projectId,
    },
    {
      key: dayRollupKey(userId, c.projectId, c.day),
      add: {
        timeMs: sign * c.timeMs,
        incomeCents: sign * c.incomeCents,
        expenseCents: sign * c.expenseCents,
        ...(c.kind === 'time' ? billableAdds(c, sign) : {}),
      },
      set: { type: 'DAY', projectId: c.projectId, day: c.day },
      mustExist: false,
    },
  ];
  if (c.kind === 'time') {
    effects.push({
      key: taskDayRollupKey(userId, c.projectId, c.day, c.task, c.subTask),
      add: { timeMs: sign * c.timeMs },
      set: {
        type: 'TASKDAY',
        projectId: c.projectId,
        day: c.day,
        ...taskAttributes(c),
      },
      mustExist: false,
    });
    const month = monthOf(c.day);
    effects.push({
      key: taskMonthRollupKey(userId, c.projectId, month, c.task, c.subTask),
      add: { timeMs: sign * c.timeMs },
      set: {
        type: 'TASKMONTH',
        projectId: c.projectId,
        month,
        ...taskAttributes(c),
      },
      mustExist: false,
    });
  }
  if (c.kind === 'time') effects.push(...reportEffects(userId, c, sign));
  else effects.push(...taxMonthEffects(userId, c, sign));
  if (c.task !== '' || c.subTask !== '') {
    effects.push({
      key: taskIndexKey(c.kind, userId, c.projectId, c.task, c.subTask),
      add: { useCount: sign },
      set: {
        type: c.kind === 'time' ? 'TASK' : 'FINTASK',
        projectId: c.projectId,
        ...taskAttributes(c),
      },
      mustExist: false,
    });
  }
  return effects;
}

/**
 * Merges effects on the same item (a transaction may touch an item once): an edit that keeps the
 * day and project becomes one ADD of the difference. Effects that change nothing are dropped,
 * except a project that must exist, which stays as a condition.
 */
export function mergeEffects(effects: Effect[]): Effect[] {
  const byKey = new Map<string, Effect>();
  for (const e of effects) {
    const id = `${e.key.PK}\u0000${e.key.SK}`;
    const seen = byKey.get(id);
    if (!seen) {
      byKey.set(id, { ...e, add: { ...e.add }, set: { ...e.set } });
      continue;
    }
    for (const [name, value] of Object.entries(e.add)) seen.add[name] = (seen.add[name] ?? 0) + value;
    Object.assign(seen.set, e.set);
    seen.mustExist ||= e.mustExist;
    seen.projectId ??= e.projectId;
  }
  return [...byKey.values()].filter((e) => e.mustExist || Object.values(e.add).some((v) => v !== 0));
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
 * what the transactions would have built one write at a time. For bulk seeding (demo data,
 * benchmarks); project totals and counters are for the caller (see `toProjectItem`, `toCountersItem`).
 */
export function rollupItemsFor(userId: string, contributions: Contribution[]): Record<string, unknown>[] {
  const merged = mergeEffects(contributions.flatMap((c) => effectsOf(userId, c, 1)));
  return merged.filter((e) => e.projectId === undefined).map((e) => ({ ...e.key, ...e.set, ...e.add }));
}
