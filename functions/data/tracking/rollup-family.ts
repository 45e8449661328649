import type { ExpenseCategory } from '../../../contract/enums';
import { type EntryKind, itemId, type TableKey } from '../core/keys';
import type { TaskPair } from './task-attributes';

/**
 * What every rollup family shares: what an entry contributes (`Contribution`), one change to one
 * item (`Effect`) and the descriptor of a family (`RollupFamily`), apart from the registry
 * (`./rollup-registry.ts`) and the generic writer, reader and back-fill that take them, so the
 * families' modules import no module that imports them.
 */

/** What one activity adds to the totals: the same shape for time and money. */
export interface Contribution extends TaskPair {
  kind: EntryKind;
  projectId: string;
  /** `yyyy-mm-dd` of the activity's date. */
  day: string;
  timeMs: number;
  incomeCents: number;
  expenseCents: number;
  /** Time entries: whether the time is billed, and its tags (the report rollups group by both). */
  billable?: boolean;
  tags?: readonly string[];
  /** The rollups the stored entry was counted in (absent: the current ones; `./rollup-levels.ts`). */
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
  key: TableKey;
  add: Record<string, number>;
  set: Record<string, unknown>;
  mustExist: boolean;
  /** The project id when this is a project's totals (its failed condition means "no such project"). */
  projectId?: string;
}

/** One item an entry counts in: its key and the attributes naming it (SET on every write). */
export interface RollupItem {
  key: TableKey;
  set: Record<string, unknown>;
}

/** A family's items of one scope and a span of periods: `SK BETWEEN from AND to` in partition `PK`. */
export interface RollupRange {
  PK: string;
  from: string;
  to: string;
}

/** How a family's items are read by period (absent on families read whole, by prefix or by key). */
export interface RangeRead {
  /** The period an entry's `yyyy-mm-dd` day counts in: the day, its month, its week's Monday. */
  period(day: string): string;
  /** One scope's items (a project's; the tag day items: a folded tag's) of `first` to `last`, inclusive. */
  range(userId: string, scope: string, first: string, last: string): RollupRange;
}

interface FamilyBase {
  /** The family's name in tests and documents (`day`, `reportWeek`, `taxMonth`, …). */
  name: string;
  /**
   * The kinds of entry it counts, each with the rollup level of that kind from which on it counts
   * them (`./rollup-levels.ts`): an entry stored below it was not counted, and the back-fill adds it.
   */
  counts: Partial<Record<EntryKind, number>>;
  /**
   * Per kind, the level from which on it no longer counts them (absent: it always does): a family
   * folded into another at that level. The back-fill takes a raised entry out of it.
   */
  until?: Partial<Record<EntryKind, number>>;
  read?: RangeRead;
}

/**
 * A family written in each entry's own transaction: per item the entry counts in, one Update that
 * SETs the item's naming attributes and ADDs the entry's delta (`./rollups.ts`: the generic writer).
 */
export interface EntryRollupFamily extends FamilyBase {
  writtenBy: 'entry';
  /** The items one entry counts in, their keys made from the entry; none when it counts in none. */
  items(userId: string, c: Contribution): RollupItem[];
  /** What adding (`sign` 1) or taking out (-1) the entry ADDs to each of its items. */
  delta(c: Contribution, sign: 1 | -1): Record<string, number>;
  /** Only the project's totals: the item must exist and be live, or the whole write fails. */
  mustExist?: boolean;
}

/**
 * A family written by the table's stream, not in the entry's transaction (`./README.md` says why);
 * registered for its keys and range read, so the registry is the one list of families.
 */
export interface StreamRollupFamily extends FamilyBase {
  writtenBy: 'stream';
  /** The items one entry counts in. */
  keys(userId: string, c: Contribution): TableKey[];
  /** The module of its writer and back-fill. */
  writer: string;
}

export type RollupFamily = EntryRollupFamily | StreamRollupFamily;

/**
 * Merges effects on the same item (a transaction may touch an item once): an edit that keeps the
 * day and project becomes one ADD of the difference. Effects that change nothing are dropped,
 * except a project that must exist, which stays as a condition.
 */
export function mergeEffects(effects: Effect[]): Effect[] {
  const byKey = new Map<string, Effect>();
  for (const e of effects) {
    const id = itemId(e.key);
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
