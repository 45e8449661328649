import type { DynamoDBRecord } from 'aws-lambda';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import type { Rounding } from '../../contract/rounding';
import { ddb, GetCommand, PutCommand, TABLE } from '../../functions/data/core/client';
import { tagCountedKey } from '../../functions/data/core/keys';
import { backfillReportRollups } from '../../functions/data/tracking/backfill-reports';
import { TAG_LAYOUT, tagRollupItemsFor } from '../../functions/data/tracking/tag-rollups';
import { TAG_DAY_TYPE } from '../../functions/data/tracking/tag-sums';
import { partition, type TestUser } from '../activities/helpers';
import { call } from '../api';
import { streamRecord } from '../stream';
import { expectReportOfEntries, type ModelEntry } from './report-model';
import {
  dayOf,
  deliver,
  itemOf,
  M,
  modelOf,
  ROUND_UP_6,
  signedUpWithProjects,
  type Version,
} from './tag-entries';

/**
 * The per-tag day rollups' sums, which the stream handler reads and puts back rather than ADDs
 * (`functions/data/tracking/tag-sums.ts`): writers racing for one item must each be counted, and entries
 * counted before that layout (layout 1) must come out right once moved on.
 */

const ROUNDINGS: Rounding[] = [
  { mode: 'none', minutes: 15 },
  ROUND_UP_6,
  { mode: 'down', minutes: 15 },
  { mode: 'nearest', minutes: 60 },
  { mode: 'up', minutes: 1 },
];

/** The user's day report for `tag`, under each rounding in turn, against the entries. */
async function expectRoundedDayReports(
  user: TestUser,
  model: ModelEntry[],
  rates: Map<string, number>,
  tag: string,
) {
  for (const rounding of ROUNDINGS) {
    const saved = await call('POST', '/api/usersettings', { token: user.token, body: { rounding } });
    expect(saved.status).toBe(200);
    await expectReportOfEntries(
      user,
      model,
      rates,
      { startdate: dayOf(1), enddate: dayOf(9), groupby: 'day', tag },
      rounding,
    );
  }
}

describe('the sums of the per-tag day rollups', () => {
  it('count every entry when several deliveries race for one day and tag', async () => {
    const { user, projects, rates } = await signedUpWithProjects();
    // 24 entries on one day under one tag: every record reads and puts back the same item.
    const versions: Version[] = Array.from({ length: 24 }, (_, i) => ({
      project: i % 2,
      day: 3,
      duration: ((i * 37) % 181) * M + (i % 3) * 17_000,
      billable: i % 5 !== 0,
      tags: i % 4 === 0 ? ['review', 'urgent'] : ['review'],
    }));
    const records = versions.map((v) => streamRecord(undefined, itemOf(user, projects, ulid(), v, 1)));
    const batches: DynamoDBRecord[][] = [0, 1, 2, 3].map((b) => records.filter((_, i) => i % 4 === b));
    await Promise.all(batches.map(deliver));

    const model = versions.map((v) => modelOf(projects, v));
    await expectRoundedDayReports(user, model, rates, 'review');
    await expectRoundedDayReports(user, model, rates, 'URGENT');
    const tagDays = (await partition(user.userId)).filter((i) => i.type === TAG_DAY_TYPE);
    expect(tagDays).toHaveLength(2);
    // Each batch put an item back once, or, when it lost a race, once per record that went on its
    // own: never more often than records with time touch it.
    const timed = versions.filter((v) => v.duration > 0);
    const [urgent, review] = [...tagDays].sort((x, y) => Number(x.ver) - Number(y.ver));
    expect(Number(review?.ver)).toBeGreaterThanOrEqual(batches.length);
    expect(Number(review?.ver)).toBeLessThanOrEqual(timed.length);
    expect(Number(urgent?.ver)).toBeLessThanOrEqual(timed.filter((v) => v.tags.includes('urgent')).length);
  });

  it('move entries counted in layout 1 on: by the back-fill, and by their next record', async () => {
    const { user, projects, rates } = await signedUpWithProjects();
    const kept: Version = { project: 0, day: 2, duration: 50 * M, billable: true, tags: ['review'] };
    const edited: Version = { project: 1, day: 4, duration: 7 * M, billable: true, tags: ['review'] };
    const [keptId, editedId] = [ulid(), ulid()];
    const keptItem = itemOf(user, projects, keptId, kept, 1);
    const editedItem = itemOf(user, projects, editedId, edited, 1);
    // What layout 1 left: the entries, marks without a layout, and its sums as numbers under
    // REPTAGDAY# and REPTAGROUND# (which nothing reads now).
    const marks = tagRollupItemsFor(user.userId, [keptItem, editedItem])
      .filter((item) => item.type === 'REPTAGCOUNTED')
      .map(({ layout, ...item }) => item);
    expect(marks).toHaveLength(2);
    for (const Item of [
      keptItem,
      editedItem,
      ...marks,
      { PK: keptItem.PK, SK: `REPTAGDAY#x#${dayOf(2)}`, type: 'REPTAGDAY', [`t:${projects[0]}`]: 50 * M },
      {
        PK: keptItem.PK,
        SK: `REPTAGROUND#x#${dayOf(2)}`,
        type: 'REPTAGROUND',
        [`rU6:${projects[0]}`]: 54 * M,
      },
    ]) {
      await ddb.send(new PutCommand({ TableName: TABLE, Item }));
    }

    // The edit's record assumes a layout 2 mark, finds layout 1 and counts the new state from nothing.
    const editedNow: Version = { ...edited, duration: 31 * M, tags: ['review', 'call'] };
    await deliver([streamRecord(editedItem, itemOf(user, projects, editedId, editedNow, 2))]);
    await ddb.send(
      new PutCommand({ TableName: TABLE, Item: itemOf(user, projects, editedId, editedNow, 2) }),
    );
    // The other entry's mark is still layout 1 (reports miss it) until the back-fill.
    expect((await backfillReportRollups()).tagRollups).toBeGreaterThanOrEqual(1);
    for (const id of [keptId, editedId]) {
      const mark = await ddb.send(new GetCommand({ TableName: TABLE, Key: tagCountedKey(user.userId, id) }));
      expect(mark.Item?.layout).toBe(TAG_LAYOUT);
    }
    const model = [modelOf(projects, kept), modelOf(projects, editedNow)];
    await expectRoundedDayReports(user, model, rates, 'review');
    await expectRoundedDayReports(user, model, rates, 'call');
    // A second run finds nothing left to do.
    const again = await backfillReportRollups();
    expect(again.exhausted).toBe(0);
    await expectRoundedDayReports(user, model, rates, 'review');
  });
});
