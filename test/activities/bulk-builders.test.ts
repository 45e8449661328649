import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { ddb, TABLE } from '../../functions/data/core/client';
import { toCountersItem } from '../../functions/data/core/counters';
import {
  FINANCE_KIND,
  type FinanceActivityRecord,
  toFinanceActivityItem,
} from '../../functions/data/tracking/finance-activities';
import { toProjectItem } from '../../functions/data/tracking/projects';
import { rollupItemsFor } from '../../functions/data/tracking/rollups';
import {
  TIME_KIND,
  type TimeActivityRecord,
  toTimeActivityItem,
} from '../../functions/data/tracking/time-activities';
import { sweepDeletions } from '../../functions/domain/account/deletions';
import { budgetOf } from '../../functions/lib/budget';
import { call } from '../api';
import { expectTotalsConsistent, newUser, partition, projectVia } from './helpers';

async function putAll(items: Record<string, unknown>[]) {
  for (let i = 0; i < items.length; i += 25) {
    const out = await ddb.send(
      new BatchWriteCommand({
        RequestItems: { [TABLE]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
      }),
    );
    expect(out.UnprocessedItems?.[TABLE] ?? []).toEqual([]);
  }
}

/**
 * The demo account and the benchmark are seeded in bulk with the exported pure builders instead
 * of one transaction per entry; what they build must be exactly what the transactions would have.
 */
describe('bulk seeding with the exported builders', () => {
  it('builds items that satisfy the totals invariant and that the endpoints then edit and delete', async () => {
    const user = await newUser({ premium: true });
    const projectId = ulid();
    const day = (i: number) =>
      `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
    const times: TimeActivityRecord[] = Array.from({ length: 230 }, (_, i) => ({
      activityId: ulid(),
      userId: user.userId,
      projectId,
      task: ['Design', 'Build', 'Meetings'][i % 3]!,
      subTask: i % 2 ? 'Front end' : '',
      date: `${day(i)}T00:00:00.000Z`,
      startTime: null,
      endTime: null,
      duration: 900_000 + i * 1000,
      version: 1,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    }));
    const fins: FinanceActivityRecord[] = Array.from({ length: 20 }, (_, i) => ({
      activityId: ulid(),
      userId: user.userId,
      projectId,
      task: i % 2 ? 'Software' : 'Invoice',
      subTask: '',
      date: `${day(i)}T00:00:00.000Z`,
      amountCents: 1000 + i,
      expense: i % 2 === 1,
      notes: '',
      version: 1,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    }));
    const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

    await putAll([
      toProjectItem({
        projectId,
        userId: user.userId,
        name: 'Seeded',
        description: '',
        enableEmbedding: true,
        totalMs: sum(times.map((t) => t.duration)),
        totalIncomeCents: sum(fins.filter((f) => !f.expense).map((f) => f.amountCents)),
        totalExpensesCents: sum(fins.filter((f) => f.expense).map((f) => f.amountCents)),
        createdAt: '2025-01-01T00:00:00.000Z',
      }),
      ...times.map(toTimeActivityItem),
      ...fins.map(toFinanceActivityItem),
      ...rollupItemsFor(user.userId, [
        ...times.map(TIME_KIND.contribution),
        ...fins.map(FINANCE_KIND.contribution),
      ]),
      toCountersItem(user.userId, { projectCount: 1, activityCount: times.length + fins.length }),
    ]);
    await expectTotalsConsistent(user.userId);

    const edited = await call('PUT', `/api/timeActivities/${times[0]!.activityId}`, {
      token: user.token,
      body: { duration: 60_000, activity: 'Build' },
    });
    expect(edited.status).toBe(200);
    await expectTotalsConsistent(user.userId);
    expect((await projectVia(user, projectId))?.totalHours).toBe(
      sum(times.slice(1).map((t) => t.duration)) + 60_000,
    );

    const removed = await call('DELETE', `/api/projects/${projectId}`, { token: user.token });

    expect(removed.body).toMatchObject({ removedActivities: 250 });
    // The rollups go within the request's time, or (on a loaded machine) the scheduled sweep
    // finishes what is left: either way nothing of the project stays.
    await sweepDeletions(budgetOf(60_000));
    expect(await partition(user.userId)).toEqual([
      expect.objectContaining({ SK: 'COUNTERS', projectCount: 0, activityCount: 0 }),
    ]);
  }, 60_000);
});
