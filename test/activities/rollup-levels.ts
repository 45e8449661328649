import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, GetCommand, TABLE, UpdateCommand } from '../../functions/data/core/client';
import type { ActivityBase, ActivityKind } from '../../functions/data/tracking/activity-kind';
import { effectsOf, effectToTxItem, mergeEffects } from '../../functions/data/tracking/rollups';

/**
 * Turns an entry written now into one an older build stored: takes it out of the current rollups
 * and counts it in those of `level` (`functions/data/tracking/rollup-levels.ts`), then stores that
 * level on it, or (`stored: false`) no `rollupLevel` at all, as builds before the levels did.
 */
export async function countAtOlderLevel<R extends ActivityBase>(
  k: ActivityKind<R>,
  userId: string,
  id: string,
  level: number,
  stored = true,
) {
  const key = k.key(userId, id);
  const { Item } = await ddb.send(new GetCommand({ TableName: TABLE, Key: key }));
  const c = k.contribution(k.fromItem(Item as Record<string, unknown>));
  const moves = mergeEffects([
    ...effectsOf(userId, c, -1),
    ...effectsOf(userId, { ...c, rollupLevel: level }, 1),
  ]);
  await ddb.send(new TransactWriteCommand({ TransactItems: moves.map(effectToTxItem) }));
  await ddb.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: key,
      ...(stored
        ? { UpdateExpression: 'SET rollupLevel = :level', ExpressionAttributeValues: { ':level': level } }
        : { UpdateExpression: 'REMOVE rollupLevel' }),
    }),
  );
}
