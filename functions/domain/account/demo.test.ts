import { describe, expect, it } from 'vitest';
import { call } from '../../../test/api';
import { partitionPages } from '../../data/identity/account';
import { getUserByEmail, updateUserSettings } from '../../data/identity/users';
import { addProject } from '../../data/tracking/projects';
import { addTimeActivity } from '../../data/tracking/time-activities';
import { handler as resetDemoJob } from '../../handlers/reset-demo';
import { config } from '../../lib/config';
import { signToken } from '../../lib/jwt';
import { dayOf } from '../shared/calendar';
import { resetDemo } from './demo';

type Item = Record<string, any>;

async function partition(userId: string): Promise<Item[]> {
  const items: Item[] = [];
  for await (const page of partitionPages(userId)) items.push(...page);
  return items;
}

const kindOf = (item: Item) => String(item.SK).split('#')[0];
const countByKind = (items: Item[]) =>
  items.reduce<Record<string, number>>((acc, item) => {
    const kind = kindOf(item) as string;
    acc[kind] = (acc[kind] ?? 0) + 1;
    return acc;
  }, {});
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('the demo reset', () => {
  it('creates the demo user with three projects and a year of consistent sample data', async () => {
    const { userId } = await resetDemo();

    const user = await getUserByEmail(config.demoEmail);
    expect(user).toMatchObject({
      _id: userId,
      name: 'Demo User',
      premium: true,
      isDemo: true,
      enableEmbedding: true,
      showPoweredBy: true,
      emailConfirmed: true,
      currency: 'EUR',
    });
    const items = await partition(userId);
    const projects = items.filter((i) => kindOf(i) === 'PROJECT');
    const times = items.filter((i) => kindOf(i) === 'TIME');
    const money = items.filter((i) => kindOf(i) === 'FIN');
    expect(projects).toHaveLength(3);
    expect(projects.filter((p) => p.enableEmbedding)).toHaveLength(1);
    expect(times.length).toBeGreaterThan(300);
    expect(money.some((f) => f.expense) && money.some((f) => !f.expense)).toBe(true);
    // Weekdays only, 30 min – 4 h, within the last year.
    const today = dayOf(new Date());
    for (const t of times) {
      expect([0, 6]).not.toContain(new Date(t.date).getUTCDay());
      expect(t.duration).toBeGreaterThanOrEqual(30 * 60_000);
      expect(t.duration).toBeLessThanOrEqual(4 * 3_600_000);
      expect(t.day <= today).toBe(true);
    }
    // Project totals equal the sums of their activities; day rollups add up to the same.
    for (const p of projects) {
      const mine = (i: Item) => i.projectId === p.projectId;
      expect(p.totalHours).toBe(sum(times.filter(mine).map((t) => t.duration)));
      expect(p.totalIncomeCents).toBe(
        sum(money.filter((f) => mine(f) && !f.expense).map((f) => f.amountCents)),
      );
      expect(p.totalExpensesCents).toBe(
        sum(money.filter((f) => mine(f) && f.expense).map((f) => f.amountCents)),
      );
      const days = items.filter((i) => kindOf(i) === 'DAY' && mine(i));
      expect(sum(days.map((d) => d.timeMs))).toBe(p.totalHours);
    }
    const counters = items.find((i) => i.SK === 'COUNTERS');
    expect(counters).toMatchObject({ projectCount: 3, activityCount: times.length + money.length });
  });

  it('answers charts for the demo account whose time adds up to the hours tracked', async () => {
    const { userId } = await resetDemo();
    const token = await signToken({ sub: userId, ver: 0 });
    const items = await partition(userId);
    const trackedMs = sum(items.filter((i) => kindOf(i) === 'TIME').map((t) => t.duration));

    const chart = await call('GET', '/api/projecttimetrackedchart', { token });
    expect(chart.status).toBe(200);
    expect(sum(chart.body.datasets[0].data)).toBeCloseTo(trackedMs / 3_600_000, 6);
    const pie = await call('GET', '/api/projecttimeperprojectchart', { token });
    expect(pie.body.labels).toHaveLength(3);
  });

  it('gives the same counts on a second reset and removes whatever a visitor added or changed', async () => {
    const { userId } = await resetDemo();
    const before = countByKind(await partition(userId));
    await addProject(
      {
        projectId: 'visitor-project',
        userId,
        name: 'Visitor',
        description: '',
        enableEmbedding: false,
        totalMs: 0,
        totalIncomeCents: 0,
        totalExpensesCents: 0,
        createdAt: new Date().toISOString(),
      },
      undefined,
    );
    await addTimeActivity(
      {
        activityId: 'visitor-time',
        userId,
        projectId: 'visitor-project',
        task: 'Visiting',
        subTask: '',
        date: `${dayOf(new Date())}T00:00:00.000Z`,
        startTime: null,
        endTime: null,
        duration: 3_600_000,
        version: 1,
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      },
      undefined,
    );
    await updateUserSettings(userId, { currency: 'USD' });

    const again = await resetDemoJob();

    expect(again.userId).toBe(userId);
    const items = await partition(userId);
    expect(countByKind(items)).toEqual(before);
    expect(items.some((i) => String(i.SK).includes('visitor'))).toBe(false);
    expect((await getUserByEmail(config.demoEmail))?.currency).toBe('EUR');
  });

  it('runs one reset at a time when two start together', async () => {
    await resetDemo();
    const [a, b] = await Promise.all([resetDemo(), resetDemo()]);
    expect(a.userId).toBe(b.userId);
    const items = await partition(a.userId);
    expect(items.filter((i) => kindOf(i) === 'PROJECT')).toHaveLength(3);
  });
});
