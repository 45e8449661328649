import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/api';
import { openTagRollupStream } from '../../../test/stream';
import { signToken } from '../../lib/jwt';
import { ddb, TABLE } from '../core/client';
import { partitionPages } from '../identity/account';
import { userKey } from '../identity/users';
import { bulkSeed } from './bulk';
import { financeActivityRecordFromItem } from './finance-activities';
import { projectRecordFromItem } from './projects';
import { TAG_DAY_TYPE } from './tag-sums';
import { timeActivityRecordFromItem } from './time-activities';

type Item = Record<string, unknown>;

async function partition(userId: string): Promise<Item[]> {
  const items: Item[] = [];
  for await (const page of partitionPages(userId)) items.push(...page);
  return items;
}

/**
 * An item with the owner's id replaced and write-time stamps dropped, for comparing two users'
 * data. Zero counters are dropped too: a transaction never ADDs a zero, a bulk item states it, and
 * every reader takes a missing counter as 0.
 */
function normalised(item: Item, userId: string): Item {
  const copy: Item = {};
  for (const [k, v] of Object.entries(item)) {
    if (k === 'updatedAt' || k === 'createdAt' || v === 0) continue;
    copy[k] = typeof v === 'string' ? v.replaceAll(userId, '<user>') : v;
  }
  return copy;
}

describe('bulk seeding', () => {
  it('leaves item for item what the same activities written through the API (and the stream) leave', async () => {
    // The per-tag day rollups and their marks come from the stream for the API's writes.
    const stream = await openTagRollupStream();
    const apiUser = ulid();
    await ddb.send(
      new PutCommand({
        TableName: TABLE,
        Item: {
          ...userKey(apiUser),
          userId: apiUser,
          name: 'A',
          email: `${apiUser}@x.io`,
          premium: true,
          tokenVersion: 0,
        },
      }),
    );
    const token = await signToken({ sub: apiUser, ver: 0 });
    const project = (await call('POST', '/api/projects', { token, body: { name: 'Site' } })).body
      ._id as string;
    const other = (await call('POST', '/api/projects', { token, body: { name: 'Other' } })).body
      ._id as string;
    const time = [
      {
        projectId: project,
        date: '2026-03-01',
        duration: 3_600_000,
        activity: 'Design',
        description: 'Logo',
        tags: ['review', 'Überprüfung'],
      },
      {
        projectId: project,
        date: '2026-03-01',
        duration: 1_800_000,
        activity: 'Design',
        description: 'Logo',
      },
      {
        projectId: project,
        date: '2026-03-02',
        duration: 900_000,
        activity: 'A#b',
        description: 'c d',
        tags: ['review'],
        billable: false,
      },
      {
        projectId: other,
        date: '2026-03-02',
        duration: 600_000,
        activity: '',
        description: '',
        tags: ['REVIEW'],
      },
    ];
    for (const body of time)
      expect((await call('POST', '/api/timeactivities', { token, body })).status).toBe(201);
    for (const body of [
      { projectId: project, date: '2026-03-01', amount: 100.1, activity: 'Invoice' },
      { projectId: project, date: '2026-03-02', amount: 20.05, expense: true, activity: 'Software' },
    ]) {
      expect((await call('POST', '/api/financeactivities', { token, body })).status).toBe(201);
    }
    await stream.poll();
    stream.close();
    const written = await partition(apiUser);
    expect(written.filter((i) => i.type === TAG_DAY_TYPE)).toHaveLength(3);

    const seedUser = ulid();
    const mine = <T extends { userId: string }>(r: T): T => ({ ...r, userId: seedUser });
    const count = await bulkSeed({
      userId: seedUser,
      projects: written
        .filter((i) => String(i.SK).startsWith('PROJECT#'))
        .map(projectRecordFromItem)
        .map(mine),
      timeActivities: written
        .filter((i) => String(i.SK).startsWith('TIME#'))
        .map(timeActivityRecordFromItem)
        .map(mine),
      financeActivities: written
        .filter((i) => String(i.SK).startsWith('FIN#'))
        .map(financeActivityRecordFromItem)
        .map(mine),
    });

    const seeded = await partition(seedUser);
    const expected = written.filter((i) => i.SK !== 'PROFILE').map((i) => normalised(i, apiUser));
    // Plus the two projects' id guards, which live outside the partition as the API's do.
    expect(count).toBe(expected.length + 2);
    expect(seeded.map((i) => normalised(i, seedUser))).toEqual(expected);
  });
});
