import { ddb, ScanCommand, TABLE, UpdateCommand } from './client';
import { entryPrefix, timesheetIndexKeys } from './keys';
import { taskPairFromItem } from './task-attributes';
import { searchTextOf } from './time-activities';

/**
 * One-off migration for tables that hold first-release time entries: gives each entry written
 * before GSI2 existed its timesheet keys and search text. A Scan, because it visits every user
 * once; the only Scan in the code base, run by an operator (or the local stack at start), never
 * by a request. Each Update is conditional on the entry's `version`, so an edit racing it (which
 * writes the keys itself) wins and nothing is overwritten. Safe to run again: done entries are
 * filtered out. Answers how many entries it updated.
 */
export async function backfillTimesheetIndex(): Promise<number> {
  let updated = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(
      new ScanCommand({
        TableName: TABLE,
        FilterExpression: 'begins_with(SK, :time) AND attribute_not_exists(GSI2PK)',
        ExpressionAttributeValues: { ':time': entryPrefix('time') },
        ExclusiveStartKey,
      }),
    );
    for (const item of out.Items ?? []) {
      const gsi2 = timesheetIndexKeys(item.userId as string, item.day as string, item.activityId as string);
      const { task, subTask } = taskPairFromItem(item);
      try {
        await ddb.send(
          new UpdateCommand({
            TableName: TABLE,
            Key: { PK: item.PK, SK: item.SK },
            UpdateExpression: 'SET GSI2PK = :pk, GSI2SK = :sk, searchText = :text',
            ConditionExpression: '#version = :version',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: {
              ':pk': gsi2.GSI2PK,
              ':sk': gsi2.GSI2SK,
              ':text': searchTextOf(task, subTask),
              ':version': item.version,
            },
          }),
        );
        updated++;
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      }
    }
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return updated;
}
