import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ddb } from '../../functions/data/core/client';
import type { OpenStream } from '../../infra/local/stream-feed';
import { newProject, newUser, partition } from '../activities/helpers';
import { call } from '../api';
import { type CapacityMeter, meterCapacity } from '../capacity-meter';
import { openTagRollupStream } from '../stream';

/**
 * What one time entry write costs in DynamoDB, counted from DynamoDB Local's consumed capacity
 * (`ReturnConsumedCapacity: 'TOTAL'`, as AWS answers it): the request's items and write units, the
 * reads of the session check and the edit, and what the stream consumer then reads and writes for
 * the entry's record. Asserted exactly, so a write cannot silently grow; the table and what it
 * costs on AWS: docs/write-costs.md.
 */

interface Cost {
  writeItems: number;
  writeUnits: number;
  readItems: number;
  readUnits: number;
}

const H = 3_600_000;

/** An item's size as DynamoDB bills it: attribute names and values in UTF-8, numbers ≈ 1 byte per 2 digits + 1. */
function itemBytes(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (typeof value === 'number') return Math.ceil(String(Math.abs(value)).replace(/\D/g, '').length / 2) + 1;
  if (typeof value === 'boolean' || value === null) return 1;
  if (Array.isArray(value)) return 3 + value.reduce((n: number, v) => n + 1 + itemBytes(v), 0);
  if (typeof value === 'object' && value) {
    return (
      3 + Object.entries(value).reduce((n, [k, v]) => n + Buffer.byteLength(k, 'utf8') + itemBytes(v), 0)
    );
  }
  return 0;
}
let stream: OpenStream;
let meter: CapacityMeter;

beforeAll(async () => {
  stream = await openTagRollupStream();
  meter = meterCapacity(ddb);
});
afterAll(() => stream.close());

const snapshot = (): Cost => ({
  writeItems: meter.writeItems,
  writeUnits: meter.writeUnits,
  readItems: meter.readItems,
  readUnits: meter.readUnits,
});

/** The cost of `request` (status `status`), then of the stream records it made. */
async function costOf(request: () => Promise<{ status: number }>, status: number) {
  await stream.poll();
  meter.reset();
  const res = await request();
  expect(res.status).toBe(status);
  const api = snapshot();
  meter.reset();
  await stream.poll();
  return { api, stream: snapshot() };
}

/** Items and units per request and per stream record, as docs/write-costs.md lists them. */
const EXPECTED = {
  plain: {
    api: { writeItems: 8, writeUnits: 8, readItems: 2, readUnits: 2 },
    stream: { writeItems: 0, writeUnits: 0, readItems: 0, readUnits: 0 },
  },
  tagged: {
    api: { writeItems: 11, writeUnits: 8, readItems: 2, readUnits: 2 },
    stream: { writeItems: 5, writeUnits: 2, readItems: 0, readUnits: 0 },
  },
  moved: {
    api: { writeItems: 19, writeUnits: 10, readItems: 2, readUnits: 2 },
    stream: { writeItems: 5, writeUnits: 2, readItems: 3, readUnits: 3 },
  },
};

describe('what one time entry write costs', () => {
  it('creates an entry without tags, with three tags, and moves it between projects at a fixed cost', async () => {
    const user = await newUser({ premium: true });
    const first = await newProject(user, 'First');
    const second = await newProject(user, 'Second');
    const body = {
      projectId: first,
      activity: 'Design',
      description: 'Logo',
      duration: H,
      date: '2026-03-12',
    };

    const plain = await costOf(() => call('POST', '/api/timeactivities', { token: user.token, body }), 201);
    let id = '';
    const tagged = await costOf(async () => {
      const res = await call('POST', '/api/timeactivities', {
        token: user.token,
        body: { ...body, tags: ['review', 'Büro', '会議'] },
      });
      id = res.body._id;
      return res;
    }, 201);
    const moved = await costOf(
      () => call('PUT', `/api/timeActivities/${id}`, { token: user.token, body: { projectId: second } }),
      200,
    );

    // Every item the writes touched is under 1 KB, so each transaction item is 2 write units on
    // AWS (a transaction writes twice) and docs/write-costs.md can price items alone.
    for (const item of await partition(user.userId)) expect(itemBytes(item)).toBeLessThan(1024);
    expect({ plain, tagged, moved }).toEqual(EXPECTED);
  });
});
