/**
 * A freelancer's year, as issue 39 measures the dashboard with it: one project, 60 time entries
 * spread over the last 12 months (five a month, on different days, tasks and lengths) and an income
 * each month. Bulk-seeded with the data layer, so it needs the bench stack's environment
 * (`startBenchStack`) before it is imported.
 */
import { ulid } from 'ulid';
import { putDemoProfile } from '../functions/data/identity/demo';
import { bulkSeed } from '../functions/data/tracking/bulk';
import type { FinanceActivityRecord } from '../functions/data/tracking/finance-activities';
import type { TimeActivityRecord } from '../functions/data/tracking/time-activities';
import { addDays, addMonths, dayOf } from '../functions/domain/shared/calendar';
import { signToken } from '../functions/lib/jwt';
import { benchUser } from './stack';

const TASKS = ['Design', 'Development', 'Meetings', 'Testing', 'Writing'];
const H = 3_600_000;

/** The year's entries for one project: 5 time entries and 1 income in each of the last 12 months. */
export function yearOfEntries(userId: string, projectId: string, today: string) {
  const timeActivities: TimeActivityRecord[] = [];
  const financeActivities: FinanceActivityRecord[] = [];
  for (let month = 0; month < 12; month++) {
    const first = addMonths(today, -month - 1);
    for (let i = 0; i < 5; i++) {
      const date = `${addDays(first, 2 + i * 5)}T00:00:00.000Z`;
      timeActivities.push({
        userId,
        projectId,
        date,
        version: 1,
        createdAt: date,
        updatedAt: date,
        activityId: ulid(),
        task: TASKS[i] as string,
        subTask: i % 2 ? 'Review' : '',
        startTime: null,
        endTime: null,
        duration: (1 + ((month + i) % 6)) * (H / 2),
      });
    }
    const date = `${addDays(first, 27)}T00:00:00.000Z`;
    financeActivities.push({
      userId,
      projectId,
      date,
      version: 1,
      createdAt: date,
      updatedAt: date,
      activityId: ulid(),
      task: 'Invoice',
      subTask: `Month ${12 - month}`,
      amountCents: 125_000 + month * 1_050,
      expense: false,
      notes: '',
    });
  }
  return { timeActivities, financeActivities };
}

/** A premium user with one project holding a year of work; answers their session token. */
export async function seedYearOfData(): Promise<{ userId: string; token: string }> {
  const userId = ulid();
  const projectId = ulid();
  await putDemoProfile(benchUser({ _id: userId, name: 'Year Bench', email: `year-${userId}@example.com` }));
  const now = new Date().toISOString();
  await bulkSeed({
    userId,
    projects: [
      {
        projectId,
        userId,
        name: 'Website relaunch',
        description: '',
        enableEmbedding: false,
        totalMs: 0,
        totalIncomeCents: 0,
        totalExpensesCents: 0,
        createdAt: now,
      },
    ],
    ...yearOfEntries(userId, projectId, dayOf(new Date())),
  });
  return { userId, token: await signToken({ sub: userId, ver: 0 }) };
}
