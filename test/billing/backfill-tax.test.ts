import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPENSE_CATEGORIES } from '../../contract/enums';
import { ddb, GetCommand, TABLE } from '../../functions/data/core/client';
import { backfillTaxRollups } from '../../functions/data/tracking/backfill-tax';
import { FINANCE_KIND } from '../../functions/data/tracking/finance-activities';
import { expectTotalsConsistent, newProject, newUser, partition, type TestUser } from '../activities/helpers';
import { countAtOlderLevel } from '../activities/rollup-levels';
import { call } from '../api';

/**
 * `npm run backfill:tax`, the generic back-fill of the rollup registry run on income and
 * expenses: entries stored before the tax month rollups (finance level 0) are counted in them
 * once, and the tax months come out exactly as if every entry had been written with them.
 */

const entry = fc.record({
  cents: fc.integer({ min: 0, max: 10_000_000 }),
  vatCents: fc.integer({ min: 0, max: 1_000_000 }),
  expense: fc.boolean(),
  category: fc.constantFrom(...EXPENSE_CATEGORIES),
  day: fc.integer({ min: 1, max: 28 }),
  month: fc.integer({ min: 1, max: 12 }),
  old: fc.boolean(),
});

/** Turns an entry written now into one stored before the tax months: out of them, no `rollupLevel`. */
const makeLevelZero = (user: TestUser, id: string) =>
  countAtOlderLevel(FINANCE_KIND, user.userId, id, 0, false);

/** The user's tax month items as a report reads them: attributes that are 0 left out. */
async function taxMonths(user: TestUser) {
  const items = (await partition(user.userId)).filter((i) => String(i.SK).startsWith('TAXMONTH#'));
  return Object.fromEntries(
    items.map((i) => [i.SK, Object.fromEntries(Object.entries(i).filter(([, v]) => v !== 0))]),
  );
}

describe('npm run backfill:tax (income and expenses stored before the tax months)', () => {
  it('counts every entry stored before them once, to the same tax months as entries written with them (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 4 }), async (entries) => {
        const user = await newUser({ premium: true });
        const projectId = await newProject(user, 'Tax');
        const ids: string[] = [];
        for (const e of entries) {
          const date = `2026-${String(e.month).padStart(2, '0')}-${String(e.day).padStart(2, '0')}`;
          const res = await call('POST', '/api/financeactivities', {
            token: user.token,
            body: {
              projectId,
              amount: e.cents / 100,
              vatAmount: e.vatCents / 100,
              expense: e.expense,
              ...(e.expense ? { category: e.category } : {}),
              date,
            },
          });
          expect(res.status).toBe(201);
          ids.push(res.body._id);
        }
        const written = await taxMonths(user);
        const old = ids.filter((_, i) => entries[i]?.old);
        for (const id of old) await makeLevelZero(user, id);
        // Lowered entries with money in them are missing from the tax months until the back-fill.
        if (entries.some((e) => e.old && e.cents + e.vatCents > 0)) {
          expect(await taxMonths(user)).not.toEqual(written);
        }

        expect((await backfillTaxRollups()).entries).toBeGreaterThanOrEqual(old.length);
        expect(await taxMonths(user)).toEqual(written);
        for (const id of ids) {
          const { Item } = await ddb.send(
            new GetCommand({ TableName: TABLE, Key: FINANCE_KIND.key(user.userId, id) }),
          );
          expect(Item?.rollupLevel).toBe(1);
          expect(Item?.version).toBe(old.includes(id) ? 2 : 1);
        }
        // Nothing left to do for this user: a second run counts nothing twice.
        await backfillTaxRollups();
        expect(await taxMonths(user)).toEqual(written);
        await expectTotalsConsistent(user.userId);
      }),
      { numRuns: 4 },
    );
  });
});
