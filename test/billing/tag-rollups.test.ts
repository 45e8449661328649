import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import fc from 'fast-check';
import { ulid } from 'ulid';
import { afterEach, describe, expect, it } from 'vitest';
import { foldTag } from '../../contract/tags';
import { ddb, TABLE, UpdateCommand } from '../../functions/data/core/client';
import { userKey } from '../../functions/data/core/keys';
import { handler } from '../../functions/handlers/report-tag-rollups';
import { partition, type TestUser } from '../activities/helpers';
import { failingTransactions, passThroughDdb, realDdb } from '../faults';
import { runs } from '../runs';
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
 * The per-tag day rollups as the stream handler keeps them: records built from real entry items,
 * delivered as Lambda may deliver them — in batches, retried whole after a fault half-way, some
 * again long after — must leave exactly what the entries' last versions add up to.
 */

const TAGS = ['review', 'Review', 'urgent', 'call', 'Überprüfung', 'ÜBERPRÜFUNG', '会議', 'onsite'];

const version = fc.record({
  project: fc.integer({ min: 0, max: 1 }),
  day: fc.integer({ min: 1, max: 9 }),
  duration: fc.integer({ min: 0, max: 200 * M }),
  billable: fc.boolean(),
  // Distinct ignoring case, as an entry's tags are stored.
  tags: fc.uniqueArray(fc.constantFrom(...TAGS), { maxLength: 4, selector: foldTag }),
});

const history = fc.record({
  versions: fc.array(version, { minLength: 1, maxLength: 4 }),
  deleted: fc.boolean(),
  // Whose entry: two users' items of one tag and day share a sort key in partitions of their own.
  owner: fc.integer({ min: 0, max: 1 }),
});

/** Every record of one entry's history, in stream order. */
function recordsOf(user: TestUser, projects: string[], h: { versions: Version[]; deleted: boolean }) {
  const id = ulid();
  const items = h.versions.map((v, i) => itemOf(user, projects, id, v, i + 1));
  const records = items.map((item, i) => streamRecord(items[i - 1], item));
  if (h.deleted) records.push(streamRecord(items.at(-1), undefined));
  return records;
}

async function expectDayReports(user: TestUser, model: ModelEntry[], rates: Map<string, number>) {
  for (const tag of ['review', 'ÜBERPRÜFUNG', '会議', 'urgent']) {
    for (const billable of [undefined, 'true', 'false'] as const) {
      await expectReportOfEntries(
        user,
        model,
        rates,
        {
          startdate: dayOf(2),
          enddate: dayOf(8),
          groupby: 'day',
          tag,
          ...(billable ? { billable } : {}),
        },
        ROUND_UP_6,
      );
    }
  }
}

/** The user's day reports of days 1–9 under each of `tags`, against the entries. */
async function expectTagDayReports(
  user: TestUser,
  model: ModelEntry[],
  rates: Map<string, number>,
  tags: string[],
) {
  for (const tag of tags) {
    await expectReportOfEntries(
      user,
      model,
      rates,
      { startdate: dayOf(1), enddate: dayOf(9), groupby: 'day', tag },
      ROUND_UP_6,
    );
  }
}

describe('the per-tag day rollups kept from the stream', () => {
  let mock: ReturnType<typeof passThroughDdb> | undefined;
  afterEach(() => {
    mock?.restore();
    mock = undefined;
  });

  it('count every entry once whatever the batches, faults, retries and late replays (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(history, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 12 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 5 }),
        async (histories, batchSize, faultAt, replays) => {
          const owners = [await signedUpWithProjects(), await signedUpWithProjects()];
          const perEntry = histories.map((h) => {
            const { user, projects } = owners[h.owner] as (typeof owners)[number];
            return recordsOf(user, projects, h);
          });
          // Entries interleave in the stream; one entry's records keep their order.
          const records: DynamoDBRecord[] = [];
          for (let i = 0; perEntry.some((r) => i < r.length); i++) {
            for (const r of perEntry) if (i < r.length) records.push(r[i] as DynamoDBRecord);
          }
          // Faults: the n-th transactions fail as a dropped connection would (nothing written).
          mock = failingTransactions((n) => faultAt.includes(n));
          for (let i = 0; i < records.length; i += batchSize) await deliver(records.slice(i, i + batchSize));
          // Records delivered again after later ones (a retried batch that overlapped).
          for (const r of replays) await deliver([records[r % records.length] as DynamoDBRecord]);
          mock.restore();
          mock = undefined;

          for (const [owner, { user, projects, rates }] of owners.entries()) {
            const model = histories
              .filter((h) => !h.deleted && h.owner === owner)
              .map((h) => modelOf(projects, h.versions.at(-1) as Version));
            await expectDayReports(user, model, rates);
          }
        },
      ),
      { numRuns: runs(12, 4), seed: 2211 },
    );
  }, 120_000);

  it('reports only the poisoned record of a batch, and applies every other entry', async () => {
    const { user, projects, rates } = await signedUpWithProjects();
    const entries = [0, 1, 2].map((n) =>
      itemOf(
        user,
        projects,
        ulid(),
        { project: 0, day: 2 + n, duration: (10 + n) * M, billable: true, tags: ['review'] },
        1,
      ),
    );
    const poisoned = String(entries[1]?.activityId);
    // Every write for the middle entry fails, however often it is tried (a record that keeps failing).
    mock = passThroughDdb();
    mock.on(TransactWriteCommand).callsFake((input) => {
      if (JSON.stringify(input).includes(poisoned)) throw new Error('poisoned record');
      return realDdb.send(new TransactWriteCommand(input));
    });
    const records = entries.map((e) => streamRecord(undefined, e));
    const answer = await handler({ Records: records });
    expect(answer.batchItemFailures).toEqual([{ itemIdentifier: records[1]?.dynamodb?.SequenceNumber }]);
    expect(answer.counts.applied).toBe(2);
    mock.restore();
    mock = undefined;
    const model = [0, 2].map(
      (n): ModelEntry => ({
        projectId: projects[0] as string,
        day: dayOf(2 + n),
        duration: (10 + n) * M,
        billable: true,
        tags: ['review'],
        task: '',
      }),
    );
    await expectReportOfEntries(
      user,
      model,
      rates,
      { startdate: dayOf(1), enddate: dayOf(9), groupby: 'day', tag: 'review' },
      ROUND_UP_6,
    );
  });

  it('takes a move that swaps 20 tags for 20 others in one go (more than the entry’s own transaction could)', async () => {
    const { user, projects, rates } = await signedUpWithProjects();
    const before = Array.from({ length: 20 }, (_, i) => `alt-${i}`);
    const after = Array.from({ length: 20 }, (_, i) => `neu-${i}`);
    const id = ulid();
    const v1 = itemOf(
      user,
      projects,
      id,
      { project: 0, day: 3, duration: 61 * M, billable: true, tags: before },
      1,
    );
    const v2 = itemOf(
      user,
      projects,
      id,
      { project: 1, day: 5, duration: 7 * M, billable: true, tags: after },
      2,
    );
    await handler({ Records: [streamRecord(undefined, v1)] });
    expect((await handler({ Records: [streamRecord(v1, v2)] })).counts).toEqual({
      applied: 1,
      current: 0,
      'account-gone': 0,
    });
    const model: ModelEntry[] = [
      {
        projectId: projects[1] as string,
        day: dayOf(5),
        duration: 7 * M,
        billable: true,
        tags: after,
        task: '',
      },
    ];
    await expectTagDayReports(user, model, rates, ['alt-0', 'alt-19', 'neu-0', 'NEU-19']);
  });

  it('counts an entry stored before the rollups from its whole new version, and writes nothing for a deleted account', async () => {
    const { user, projects, rates } = await signedUpWithProjects();
    const id = ulid();
    const v1 = itemOf(
      user,
      projects,
      id,
      { project: 0, day: 4, duration: 30 * M, billable: true, tags: ['review'] },
      1,
    );
    const v2 = itemOf(
      user,
      projects,
      id,
      { project: 0, day: 4, duration: 45 * M, billable: false, tags: ['review'] },
      2,
    );
    // Its INSERT was never applied (written before the stream consumer existed): no mark.
    await handler({ Records: [streamRecord(v1, v2)] });
    const model: ModelEntry[] = [
      {
        projectId: projects[0] as string,
        day: dayOf(4),
        duration: 45 * M,
        billable: false,
        tags: ['review'],
        task: '',
      },
    ];
    await expectReportOfEntries(
      user,
      model,
      rates,
      { startdate: dayOf(1), enddate: dayOf(9), groupby: 'day', tag: 'Review' },
      ROUND_UP_6,
    );

    await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: userKey(user.userId),
        UpdateExpression: 'SET deletedAt = :now',
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
      }),
    );
    const keys = (await partition(user.userId)).map((i) => i.SK);
    expect((await handler({ Records: [streamRecord(v2, undefined)] })).counts).toEqual({
      applied: 0,
      current: 0,
      'account-gone': 1,
    });
    expect((await partition(user.userId)).map((i) => i.SK)).toEqual(keys);
  });
  it('moves a busy batch on in one transaction, each tag day item put back once, and leaves the odd entries to one by one', async () => {
    const users = [await signedUpWithProjects(), await signedUpWithProjects()];
    const entryOf = (u: number, v: Version, version = 1, id = ulid()) =>
      itemOf(users[u]?.user as TestUser, users[u]?.projects as string[], id, v, version);
    const versions: Version[] = Array.from({ length: 40 }, (_, i) => ({
      project: i % 2,
      // Both users on both days: their items share sort keys, in partitions of their own.
      day: i % 4 < 2 ? 3 : 4,
      duration: (5 + ((i * 13) % 170)) * M + (i % 4) * 15_000,
      billable: i % 3 !== 0,
      tags: i % 5 === 0 ? ['review', 'Überprüfung'] : ['review'],
    }));
    // A: applied in a batch before; replayed in this one. B: stored before the rollups (no mark)
    // and edited. C: inserted and edited within the batch (one move from nothing to its last state).
    const a = entryOf(0, { project: 0, day: 3, duration: 11 * M, billable: true, tags: ['review'] });
    const aInsert = streamRecord(undefined, a);
    await handler({ Records: [aInsert] });
    const bId = ulid();
    const b1 = entryOf(1, { project: 1, day: 4, duration: 20 * M, billable: true, tags: ['review'] }, 1, bId);
    const b2 = entryOf(1, { project: 1, day: 4, duration: 25 * M, billable: true, tags: ['urgent'] }, 2, bId);
    const cId = ulid();
    const c1 = entryOf(0, { project: 1, day: 3, duration: 9 * M, billable: false, tags: [] }, 1, cId);
    const c2 = entryOf(0, { project: 1, day: 3, duration: 19 * M, billable: true, tags: ['review'] }, 2, cId);
    const records = [
      ...versions.map((v, i) => streamRecord(undefined, entryOf(i % 2, v))),
      aInsert,
      streamRecord(b1, b2),
      streamRecord(undefined, c1),
      streamRecord(c1, c2),
    ];
    mock = passThroughDdb();
    let written = 0;
    mock.on(TransactWriteCommand).callsFake(async (input) => {
      const out = await realDdb.send(new TransactWriteCommand(input));
      written += 1;
      return out;
    });
    const answer = await handler({ Records: records });
    mock.restore();
    mock = undefined;
    expect(answer.batchItemFailures).toEqual([]);
    expect(answer.counts).toEqual({ applied: 40 + 1 + 2, current: 1, 'account-gone': 0 });
    // The 40 new entries and C together; B on its own, after reading its (absent) mark.
    expect(written).toBe(2);

    for (const [u, { user, projects, rates }] of users.entries()) {
      const extra: Version[] =
        u === 0
          ? [
              { project: 0, day: 3, duration: 11 * M, billable: true, tags: ['review'] },
              { project: 1, day: 3, duration: 19 * M, billable: true, tags: ['review'] },
            ]
          : [{ project: 1, day: 4, duration: 25 * M, billable: true, tags: ['urgent'] }];
      const own = [...versions.filter((_, i) => i % 2 === u), ...extra];
      await expectTagDayReports(
        user,
        own.map((v) => modelOf(projects, v)),
        rates,
        ['review', 'ÜBERPRÜFUNG', 'urgent'],
      );
    }
    // User 0's items: 'review' of day 3 put back by A's batch, then once for the whole batch; the
    // others ('review' of day 4, 'Überprüfung' of both days) once.
    const tagDays = (await partition(users[0]?.user.userId as string)).filter((i) => i.type === 'REPTAGSUMS');
    expect(tagDays.map((i) => i.ver).sort()).toEqual([1, 1, 1, 2]);
  });
});
