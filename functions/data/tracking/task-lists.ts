import { taskIndexPrefix, userPartition } from '../core/keys';
import { queryAll } from '../core/query';
import type { TaskKind } from './rollups';
import { TASK_PAIR_PROJECTION, type TaskPair, taskPairFromItem } from './task-attributes';

/**
 * The task index: one item per (project, task, sub-task) ever used, `TASK#…` for time entries and
 * `FINTASK#…` for income and expenses (keys in `./keys.ts`), with a `useCount` ADDed in the
 * transaction of every activity write. The suggestions are one Query on the prefix — never a read
 * of the history.
 */
export interface TaskIndexEntry extends TaskPair {
  projectId: string;
  /** How many current activities use this pair; 0 once the last one was edited away or deleted. */
  useCount: number;
}

/** Access pattern: every task index entry of a user of one kind (Query on the prefix, paginated). */
export async function listTaskIndex(userId: string, kind: TaskKind): Promise<TaskIndexEntry[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': userPartition(userId), ':prefix': taskIndexPrefix(kind) },
    ProjectionExpression: `#p, ${TASK_PAIR_PROJECTION}, #c`,
    ExpressionAttributeNames: { '#p': 'projectId', '#c': 'useCount' },
  });
  return items.map((item) => ({
    projectId: item.projectId as string,
    ...taskPairFromItem(item),
    useCount: Number(item.useCount ?? 0),
  }));
}
