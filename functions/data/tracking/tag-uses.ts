import { tagUseRange, userPartition } from '../core/keys';
import { queryAll } from '../core/query';

/**
 * The tag index: one item per (project, tag) ever used on a time entry, `TAGUSE#<projectId>#…`,
 * with a `useCount` ADDed in the transaction of every time entry write (`./report-rollups.ts`).
 * The tag suggestions are one Query on the prefix, never a read of the history.
 */
export interface TagUseEntry {
  projectId: string;
  name: string;
  /** Entries of the project carrying the tag now; 0 once the last one lost it. */
  useCount: number;
}

/** Access pattern: every tag use item of a user (Query on the `TAGUSE#` range, paginated). */
export async function listTagUses(userId: string): Promise<TagUseEntry[]> {
  const range = tagUseRange();
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': userPartition(userId), ':from': range.from, ':to': range.to },
    ProjectionExpression: 'projectId, #n, useCount',
    ExpressionAttributeNames: { '#n': 'name' },
  });
  return items.map((item) => ({
    projectId: item.projectId as string,
    name: item.name as string,
    useCount: Number(item.useCount ?? 0),
  }));
}
