import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { ddb } from '../../functions/data/core/client';
import { getUserById, type UserRecord } from '../../functions/data/identity/users';
import { bookRecurringExpenses } from '../../functions/domain/tracking/recurring/job';
import {
  createRecurringExpense,
  deleteRecurringExpense,
} from '../../functions/domain/tracking/recurring/rules';
import { budgetOf } from '../../functions/lib/budget';
import { expectTotalsConsistent, newProject, newUser } from '../activities/helpers';
import { call } from '../api';
import { failingTransactions, passThroughDdb, realDdb } from '../faults';
import { bookedDays, expectTaxMonthsExact, stored } from './helpers';

/**
 * A crash in the middle of booking (CONTRACT §9, issue 37): whether a booking transaction never
 * reaches DynamoDB or is written and its answer lost, the run stops on that rule and leaves nothing
 * a later run cannot finish — which books every missed date once and none twice.
 */

// Each test installs its own mock after setting up on the real client.
let mock = mockClient(ddb);
mock.restore();
afterEach(() => mock.restore());

const MONTHLY_DATES = ['2012-01-31', '2012-02-29', '2012-03-31', '2012-04-30', '2012-05-31', '2012-06-30'];

/** A user with one monthly rule from 31 January 2012 to 30 June 2012, made before it is due. */
async function ruleNotYetBooked() {
  const test = await newUser({ premium: true });
  const user = (await getUserById(test.userId)) as UserRecord;
  const projectId = await newProject(test, 'Overheads');
  const { rule } = await createRecurringExpense(
    user,
    {
      projectId,
      activity: 'Coworking desk',
      amount: 23_456,
      vatAmount: 4_457,
      category: 'rent',
      interval: 'monthly',
      startDate: '2012-01-31',
      endDate: '2012-06-30',
    },
    new Date('2012-01-01T10:00:00Z'),
  );
  return { test, user, rule };
}

const runAt = (day: string) => bookRecurringExpenses(new Date(`${day}T12:00:00Z`), budgetOf(60_000));

async function expectBookedOnce(userId: string) {
  const { expenses, marks, items } = await stored(userId);
  expect([...bookedDays(expenses, 'Coworking desk')]).toEqual(MONTHLY_DATES.map((d) => [d, 1]));
  expect(marks).toHaveLength(MONTHLY_DATES.length);
  await expectTotalsConsistent(userId);
  expectTaxMonthsExact(items);
}

describe('a crash while the job books', () => {
  it('a booking that never reached the table is booked by the next run, once', async () => {
    const { test, user, rule } = await ruleNotYetBooked();
    expect((await stored(test.userId)).expenses).toEqual([]);
    // The third booking transaction is lost on the way (nothing written).
    mock.restore();
    mock = failingTransactions((n) => n === 3);
    const first = await runAt('2012-07-15');
    expect(first).toMatchObject({ booked: 2, pending: 1 });
    expect([...bookedDays((await stored(test.userId)).expenses, 'Coworking desk').keys()]).toEqual(
      MONTHLY_DATES.slice(0, 2),
    );
    mock.restore();

    const second = await runAt('2012-07-15');
    expect(second.booked).toBe(4);
    await runAt('2012-07-16');
    await expectBookedOnce(test.userId);
    await deleteRecurringExpense(user, rule._id);
  });

  it('a booking written whose answer was lost is not booked again', async () => {
    const { test, user, rule } = await ruleNotYetBooked();
    mock.restore();
    mock = passThroughDdb();
    let transactions = 0;
    mock.on(TransactWriteCommand).callsFake(async (input) => {
      transactions += 1;
      const out = await realDdb.send(new TransactWriteCommand(input));
      // The fourth is written, then the connection drops before the answer arrives.
      if (transactions === 4) throw Object.assign(new Error('socket hang up'), { name: 'NetworkingError' });
      return out;
    });
    const first = await runAt('2012-07-01');
    expect(first.pending).toBe(1);
    expect(bookedDays((await stored(test.userId)).expenses, 'Coworking desk').size).toBe(4);
    mock.restore();

    // Runs late, twice at once: the written date is found booked and skipped, the rest booked once.
    await Promise.all([runAt('2012-08-20'), runAt('2012-08-20')]);
    await expectBookedOnce(test.userId);
    await deleteRecurringExpense(user, rule._id);
  });

  it('a create whose booking failed half-way is finished by the same create sent again', async () => {
    const test = await newUser({ premium: true });
    const projectId = await newProject(test, 'Overheads');
    const body = {
      _id: '01HQRECVRR1NGTESTRVXE00001',
      projectId,
      activity: 'Coworking desk',
      amount: 234.56,
      vatAmount: 44.57,
      category: 'rent',
      interval: 'monthly',
      startDate: '2012-01-31',
      endDate: '2012-06-30',
    };
    mock.restore();
    // The rule's own transaction, two bookings, then the third booking is lost on the way.
    mock = failingTransactions((n) => n === 4);
    const first = await call('POST', '/api/recurringexpenses', { token: test.token, body });
    expect(first.status).toBeGreaterThanOrEqual(500);
    expect(bookedDays((await stored(test.userId)).expenses, 'Coworking desk').size).toBe(2);
    mock.restore();

    const again = await call('POST', '/api/recurringexpenses', { token: test.token, body });
    expect(again.status).toBe(200);
    expect(again.body.nextDue).toBeNull();
    await expectBookedOnce(test.userId);
  });
});
