import type { EntryKind, TableKey } from '../core/keys';
import type { TxOp } from '../core/transact';
import type { Contribution } from './rollup-family';
import type { TaskPair } from './task-attributes';

/**
 * The shape of an activity record and of its kind (time or money), apart from `activity-kind.ts`,
 * which builds the kinds from the reads and writes that take these types: so no module imports
 * back the one that imports it.
 */

/** Fields every activity record has. */
export interface ActivityBase extends TaskPair {
  activityId: string;
  userId: string;
  projectId: string;
  /** ISO timestamp of midnight UTC of the entry's day. */
  date: string;
  /** Raised on every edit; an edit is written only if the version it read is still current. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** How one kind of activity is keyed, stored and counted. */
export interface ActivityKind<R extends ActivityBase> {
  kind: EntryKind;
  /** Sort-key prefix in the user's partition and in GSI1 (`TIME#` / `FIN#`). */
  sortPrefix: string;
  key(userId: string, activityId: string): TableKey;
  toItem(record: R): Record<string, unknown>;
  fromItem(item: Record<string, unknown>): R;
  contribution(record: R): Contribution;
  /** Conditions an edit or delete of `record` must also meet, in its transaction (an invoiced entry's lock). */
  guards(record: R): TxOp[];
  /** Other items that go with `record` when it is deleted, in its transaction (a finance entry's receipts). */
  removals(record: R): TxOp[];
}
