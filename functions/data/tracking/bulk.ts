import { putItems } from '../core/batch';
import { toCountersItem } from '../core/counters';
import { projectIdGuardKey } from '../core/keys';
import { FINANCE_KIND, type FinanceActivityRecord } from './finance-activities';
import { type ProjectRecord, toProjectItem } from './projects';
import { type Contribution, rollupItemsFor } from './rollups';
import { tagRollupItemsFor } from './tag-rollups';
import { TIME_KIND, type TimeActivityRecord } from './time-activities';

/**
 * Bulk seeding (the demo account, the benchmark): writes a whole data set at once instead of one
 * transaction per activity. Everything the transactional write path would have built — activity
 * items, project totals, the counters, day and task-day rollups and the task index — is computed
 * in memory with the write path's own pure builders, so the result is item for item what the same
 * activities created through the API would leave behind. Only for partitions nobody else writes
 * to at the same time (a fresh or just-wiped user).
 */
export interface SeedData {
  userId: string;
  /** Totals on these records are ignored: they are recomputed from the activities. */
  projects: ProjectRecord[];
  timeActivities: TimeActivityRecord[];
  financeActivities: FinanceActivityRecord[];
}

/**
 * Every item a data set consists of (pure): the time entries last, after the per-tag day rollups
 * and their marks (`./tag-rollups.ts`), so the table's stream, which keeps those, finds each seeded
 * entry counted already when its record arrives (written in this order by {@link bulkSeed}).
 */
export function seedItems(data: SeedData): Record<string, unknown>[] {
  const contributions: Contribution[] = [
    ...data.timeActivities.map(TIME_KIND.contribution),
    ...data.financeActivities.map(FINANCE_KIND.contribution),
  ];
  const totals = new Map(
    data.projects.map((p) => [p.projectId, { totalMs: 0, totalIncomeCents: 0, totalExpensesCents: 0 }]),
  );
  for (const c of contributions) {
    const t = totals.get(c.projectId);
    if (!t) throw new Error(`Seed activity for unknown project ${c.projectId}`);
    t.totalMs += c.timeMs;
    t.totalIncomeCents += c.incomeCents;
    t.totalExpensesCents += c.expenseCents;
  }
  const timeItems = data.timeActivities.map(TIME_KIND.toItem);
  return [
    ...data.projects.map((p) => toProjectItem({ ...p, ...totals.get(p.projectId) })),
    ...data.projects.map((p) => ({ ...projectIdGuardKey(p.projectId), userId: data.userId })),
    toCountersItem(data.userId, {
      projectCount: data.projects.length,
      activityCount: data.timeActivities.length + data.financeActivities.length,
    }),
    ...data.financeActivities.map(FINANCE_KIND.toItem),
    ...rollupItemsFor(data.userId, contributions),
    ...tagRollupItemsFor(data.userId, timeItems),
    ...timeItems,
  ];
}

/**
 * Writes a whole data set (see {@link seedItems}); answers the number of items written. The time
 * entries go in a second round, once everything counting them is stored.
 */
export async function bulkSeed(data: SeedData, concurrency?: number): Promise<number> {
  const items = seedItems(data);
  const entries = items.filter((item) => item.type === 'TIME');
  const rest = items.filter((item) => item.type !== 'TIME');
  return (await putItems(rest, concurrency)) + (await putItems(entries, concurrency));
}
