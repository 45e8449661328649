import type { EntryKind, TableKey } from './keys';
import type { Contribution } from './rollups';

/** Fields every activity record has. */
export interface ActivityBase {
  activityId: string;
  userId: string;
  projectId: string;
  activity: string;
  description: string;
  date: string;
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
}
