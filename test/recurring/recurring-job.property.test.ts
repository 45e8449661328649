import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPENSE_CATEGORIES, RECURRENCE_INTERVALS, type RecurrenceInterval } from '../../contract/enums';
import { getUserById, type UserRecord } from '../../functions/data/identity/users';
import { bookRecurringExpenses } from '../../functions/domain/tracking/recurring/job';
import {
  createRecurringExpense,
  deleteRecurringExpense,
} from '../../functions/domain/tracking/recurring/rules';
import { budgetOf } from '../../functions/lib/budget';
import { expectTotalsConsistent, newProject, newUser } from '../activities/helpers';
import { runs } from '../runs';
import { bookedDays, expectTaxMonthsExact, stored } from './helpers';

/**
 * The scheduled job books each due expense exactly once (CONTRACT §9, issue 37): fast-check runs
 * it over two simulated years ("today" injected) at random times — late, twice in a row, several
 * at once (Promise.all) and after long pauses — and after every run each rule's expenses are
 * exactly its due dates up to that day, one each: none missing, none twice, none early. At the
 * end the totals, rollups, tax months and counts equal what the expenses add up to.
 * Bounded: 6 runs (`FULL=1`: 40).
 */

const RUNS = runs(40, 6);
const DAY_MS = 86_400_000;
const STEP: Record<RecurrenceInterval, number> = { monthly: 1, quarterly: 3, yearly: 12 };

const pad = (n: number) => String(n).padStart(2, '0');
const dayAt = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayAt(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);

/** The oracle: every due date of a rule through `through`, computed on its own (not with `schedule.ts`). */
function expectedDates(
  rule: { interval: RecurrenceInterval; startDate: string; endDate: string | null },
  through: string,
) {
  const [y, m, d] = rule.startDate.split('-').map(Number) as [number, number, number];
  const dates: string[] = [];
  for (let n = 0; ; n++) {
    const months = m - 1 + n * STEP[rule.interval];
    const year = y + Math.floor(months / 12);
    const month = months % 12;
    const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    const date = `${year}-${pad(month + 1)}-${pad(Math.min(d, last))}`;
    if (date > through || (rule.endDate !== null && date > rule.endDate)) return dates;
    dates.push(date);
  }
}

const SIM_START = '2010-03-01';
const SIM_DAYS = 730;

const ruleArb = fc.record({
  interval: fc.constantFrom(...RECURRENCE_INTERVALS),
  // Days before or after the simulation's start; the 28th–31st often, for the short months.
  offset: fc.integer({ min: -200, max: SIM_DAYS }),
  dayOfMonth: fc.oneof(fc.constantFrom(28, 29, 30, 31), fc.integer({ min: 1, max: 31 })),
  endAfter: fc.option(fc.integer({ min: 0, max: SIM_DAYS }), { nil: null }),
  amountCents: fc.integer({ min: 0, max: 99_999_999 }),
  vatCents: fc.integer({ min: 0, max: 9_999_999 }),
  category: fc.constantFrom(...EXPENSE_CATEGORIES),
});

const runArb = fc.record({
  /** Days since the previous run: often 0 (the same day again), sometimes a long pause. */
  gap: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 41, max: 250 })),
  hour: fc.integer({ min: 0, max: 23 }),
  /** Runs started at once. */
  copies: fc.integer({ min: 1, max: 3 }),
});

/** The rule's start: `offset` days from the simulation's start, moved to `dayOfMonth` (clamped). */
function startOf(offset: number, dayOfMonth: number): string {
  const [y, m] = addDays(SIM_START, offset).split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${y}-${pad(m)}-${pad(Math.min(dayOfMonth, last))}`;
}

async function checkBooked(
  userId: string,
  rules: { task: string; interval: RecurrenceInterval; startDate: string; endDate: string | null }[],
  today: string,
) {
  const { expenses } = await stored(userId);
  for (const rule of rules) {
    const want = expectedDates(rule, today).map((d) => [d, 1]);
    expect([...bookedDays(expenses, rule.task)].sort(), `${rule.task} on ${today}`).toEqual(want);
  }
}

describe('the recurring-expense job', () => {
  it('books each due expense exactly once, run late, twice, at once or after pauses over two years', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(ruleArb, { minLength: 1, maxLength: 3 }),
        fc.array(runArb, { minLength: 1, maxLength: 10 }),
        async (ruleSpecs, runs) => {
          const test = await newUser({ premium: true });
          const user = (await getUserById(test.userId)) as UserRecord;
          const projectId = await newProject(test, 'Overheads');
          const created = new Date(`${SIM_START}T08:00:00Z`);
          const rules = [];
          for (const [i, spec] of ruleSpecs.entries()) {
            const startDate = startOf(spec.offset, spec.dayOfMonth);
            const endDate = spec.endAfter === null ? null : addDays(startDate, spec.endAfter);
            const task = `Rule ${i} ✓`;
            const { rule } = await createRecurringExpense(
              user,
              {
                projectId,
                activity: task,
                amount: spec.amountCents,
                vatAmount: spec.vatCents,
                category: spec.category,
                interval: spec.interval,
                startDate,
                endDate,
              },
              created,
            );
            rules.push({ id: rule._id, task, interval: spec.interval, startDate, endDate });
          }
          // Creating a rule books what is due on the day it is made.
          await checkBooked(test.userId, rules, SIM_START);

          let day = 0;
          for (const run of [...runs, { gap: SIM_DAYS, hour: 23, copies: 2 }]) {
            day = Math.min(SIM_DAYS, day + run.gap);
            const today = addDays(SIM_START, day);
            const now = new Date(`${today}T${pad(run.hour)}:30:00Z`);
            await Promise.all(
              Array.from({ length: run.copies }, () => bookRecurringExpenses(now, budgetOf(60_000))),
            );
            await checkBooked(test.userId, rules, today);
          }

          const end = await stored(test.userId);
          expect(end.marks).toHaveLength(end.expenses.length);
          await expectTotalsConsistent(test.userId);
          expectTaxMonthsExact(end.items);
          // Out of the due index, so later iterations' runs do not meet them.
          for (const rule of rules) await deleteRecurringExpense(user, rule.id);
        },
      ),
      { numRuns: RUNS },
    );
  }, 600_000);
});
