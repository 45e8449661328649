import { ulid } from 'ulid';
import { bulkSeed } from '../../functions/data/tracking/bulk';
import type { FinanceActivityRecord } from '../../functions/data/tracking/finance-activities';
import type { TestUser } from '../activities/helpers';
import { call } from '../api';
import { clientProject, createInvoice, entry, newClient } from './helpers';

/** Helpers of the tests of expenses re-billed at cost (CONTRACT §9 `includeExpenses`). */

/** An expense through the API (`expense: true`); answers its id. */
export async function expense(
  user: TestUser,
  projectId: string,
  day: string,
  amount: number,
  extra: Record<string, unknown> = {},
) {
  const res = await call('POST', '/api/financeactivities', {
    token: user.token,
    body: { projectId, date: day, amount, expense: true, activity: 'Train ticket', ...extra },
  });
  if (res.status !== 201) throw new Error(`expense: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body._id as string;
}

/** March 2026 with the expenses re-billed, 19 % tax. */
export const march = (clientId: string, extra: Record<string, unknown> = {}) => ({
  clientId,
  startdate: '2026-03-01',
  enddate: '2026-03-31',
  taxRate: 19,
  includeExpenses: true,
  ...extra,
});

/**
 * A client (its e-invoice details complete) with a project at 80 an hour, 90 minutes of time on
 * 2026-03-05 and two expenses in March: 123.45 on the 2nd (with a description) and 0.07 on the 20th.
 */
export async function clientWithExpenses(user: TestUser) {
  const clientId = await newClient(user, `Müller & Söhne ${Math.random()}`, {
    street: 'Königsallee 1',
    postcode: '40212',
    city: 'Düsseldorf',
  });
  const web = await clientProject(user, clientId, 'Website', 80);
  const entryId = await entry(user, web, '2026-03-05', 90);
  const hotel = await expense(user, web, '2026-03-02', 123.45, {
    activity: 'Hotel 🏨',
    description: 'Köln, 2 Nächte',
  });
  const stamp = await expense(user, web, '2026-03-20', 0.07, { activity: 'Postage' });
  return { clientId, web, entryId, hotel, stamp };
}

/** A draft of `body`; throws unless 201. */
export async function draft(user: TestUser, body: Record<string, unknown>) {
  const res = await createInvoice(user, body);
  if (res.status !== 201) throw new Error(`draft: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Record<string, any>;
}

/** An expense as the API answers it. */
export async function financeEntry(user: TestUser, projectId: string, id: string) {
  const res = await call('GET', `/api/financeactivities/${projectId}`, { token: user.token });
  return (res.body as Record<string, any>[]).find((f) => f._id === id);
}

/**
 * A project of `clientId` (80 an hour) with `count` expenses in March 2026 (1.00, 1.01, …), written
 * at once (the bulk seed: item for item what the API would store) for a fresh user; answers the
 * project's id and the expenses' ids.
 */
export async function seededExpenses(user: TestUser, clientId: string, count: number) {
  const projectId = ulid();
  const at = '2026-03-01T00:00:00.000Z';
  const financeActivities: FinanceActivityRecord[] = Array.from({ length: count }, (_, i) => ({
    activityId: ulid(),
    userId: user.userId,
    projectId,
    task: `Beleg ${i}`,
    subTask: '',
    date: `2026-03-${String((i % 28) + 1).padStart(2, '0')}T00:00:00.000Z`,
    version: 1,
    createdAt: at,
    updatedAt: at,
    amountCents: 100 + i,
    expense: true,
    notes: '',
    category: 'travel',
  }));
  await bulkSeed({
    userId: user.userId,
    projects: [
      {
        projectId,
        userId: user.userId,
        name: 'Website',
        description: '',
        enableEmbedding: false,
        totalMs: 0,
        totalIncomeCents: 0,
        totalExpensesCents: 0,
        hourlyRateCents: 8000,
        clientId,
        createdAt: at,
      },
    ],
    timeActivities: [],
    financeActivities,
  });
  return { projectId, expenseIds: financeActivities.map((f) => f.activityId) };
}
