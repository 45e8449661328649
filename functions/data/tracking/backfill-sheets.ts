import { ddb, TABLE, UpdateCommand } from '../core/client';
import { entryPrefix, entrySheetIndexKeys } from '../core/keys';
import { scanPages } from '../core/query';
import { taskPairFromItem } from './task-attributes';
import { searchTextOf } from './time-activities';

/** Entries given their GSI2 keys by one run, by kind. */
export interface BackfillCount {
  time: number;
  finance: number;
}

/**
 * One-off migration for tables that hold entries from before their GSI2 keys: time entries of the
 * first release (the timesheet's keys and search text) and income and expenses of the releases
 * before the money sheet (its keys, which the CSV export reads in date order). A Scan, because it
 * visits every user once, run by an operator (or the local stack at start), never by a request. Each Update is conditional on the entry's `version`, so an edit
 * racing it (which writes the keys itself) wins and nothing is overwritten. Safe to run again:
 * done entries are filtered out. Answers how many entries of each kind it updated.
 */
export async function backfillSheetIndexes(): Promise<BackfillCount> {
  const updated: BackfillCount = { time: 0, finance: 0 };
  const pages = scanPages({
    FilterExpression: '(begins_with(SK, :time) OR begins_with(SK, :fin)) AND attribute_not_exists(GSI2PK)',
    ExpressionAttributeValues: { ':time': entryPrefix('time'), ':fin': entryPrefix('finance') },
  });
  for await (const page of pages) {
    for (const item of page) {
      const kind = String(item.SK).startsWith(entryPrefix('time')) ? 'time' : 'finance';
      if (await addSheetKeys(item, kind)) updated[kind]++;
    }
  }
  return updated;
}

/** Gives one entry its GSI2 keys (and a time entry its search text); false if it changed meanwhile. */
async function addSheetKeys(item: Record<string, unknown>, kind: 'time' | 'finance'): Promise<boolean> {
  const gsi2 = entrySheetIndexKeys(
    kind,
    item.userId as string,
    item.day as string,
    item.activityId as string,
  );
  const { task, subTask } = taskPairFromItem(item);
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: { PK: item.PK, SK: item.SK },
        UpdateExpression: `SET GSI2PK = :pk, GSI2SK = :sk${kind === 'time' ? ', searchText = :text' : ''}`,
        ConditionExpression: '#version = :version',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: {
          ':pk': gsi2.GSI2PK,
          ':sk': gsi2.GSI2SK,
          ...(kind === 'time' ? { ':text': searchTextOf(task, subTask) } : {}),
          ':version': item.version,
        },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    return false;
  }
}
