import { ulid } from 'ulid';
import type { SeedData } from '../../data/tracking/bulk';
import type { FinanceActivityRecord } from '../../data/tracking/finance-activities';
import type { ProjectRecord } from '../../data/tracking/projects';
import type { TimeActivityRecord } from '../../data/tracking/time-activities';
import { addDays, addMonths, dayNumber, isoWeekday } from '../shared/calendar';

/**
 * The demo account's sample data: three projects a freelancer might have — a web-design client, a
 * mobile app and a writing gig — with about a year of weekday time entries (plausible tasks and
 * sub-tasks, 30 min to 4 h each), monthly invoices, and expenses for software and travel. The
 * numbers come from a seeded generator, so the same day always yields the same data set (tests can
 * reason about it); only the ids differ between resets.
 */
interface ProjectPlan {
  name: string;
  description: string;
  enableEmbedding: boolean;
  /** Chance that a weekday has work on this project. */
  activeShare: number;
  tasks: Array<[task: string, subTasks: string[]]>;
  /** Monthly invoice range, in cents. */
  invoiceCents: [number, number];
  invoiceLabel: [task: string, subTask: string];
  /** Expenses that recur monthly: [task, sub-task, cents]. */
  monthlyExpenses: Array<[string, string, number]>;
  /** Chance per month of a trip, and its cost range in cents. */
  travel?: { share: number; cents: [number, number]; label: [string, string] };
}

const PLANS: ProjectPlan[] = [
  {
    name: 'Bakery Müller website',
    description: 'Redesign and new online ordering for a local bakery (web-design client).',
    enableEmbedding: true,
    activeShare: 0.6,
    tasks: [
      ['Design', ['Wireframes', 'Mockups', 'Logo refresh']],
      ['Development', ['Frontend', 'Online ordering', 'CMS setup']],
      ['Meetings', ['Client call', 'Workshop']],
      ['Testing', ['Browser testing', 'Accessibility review']],
    ],
    invoiceCents: [180_000, 320_000],
    invoiceLabel: ['Invoice', 'Monthly retainer'],
    monthlyExpenses: [['Software', 'Design tools subscription', 5_999]],
    travel: { share: 0.25, cents: [2_400, 9_800], label: ['Travel', 'Train to client'] },
  },
  {
    name: 'FitTrack mobile app',
    description: 'iOS and Android fitness tracker for a start-up.',
    enableEmbedding: false,
    activeShare: 0.5,
    tasks: [
      ['Development', ['iOS', 'Android', 'Backend API']],
      ['Design', ['UI screens', 'Icons']],
      ['Testing', ['Unit tests', 'Beta feedback']],
      ['Project management', ['Sprint planning', 'Stand-up']],
    ],
    invoiceCents: [250_000, 450_000],
    invoiceLabel: ['Invoice', 'Sprint milestone'],
    monthlyExpenses: [
      ['Software', 'Cloud hosting', 4_250],
      ['Software', 'Device testing service', 2_900],
    ],
    travel: { share: 0.1, cents: [18_000, 42_000], label: ['Travel', 'Flight to workshop'] },
  },
  {
    name: 'Travel blog articles',
    description: 'Weekly articles for an online travel magazine (writing gig).',
    enableEmbedding: false,
    activeShare: 0.35,
    tasks: [
      ['Writing', ['First draft', 'Editing']],
      ['Research', ['Interviews', 'Reading']],
      ['Admin', ['Emails', 'Invoicing']],
    ],
    invoiceCents: [45_000, 110_000],
    invoiceLabel: ['Invoice', 'Articles of the month'],
    monthlyExpenses: [['Software', 'Grammar checker', 1_200]],
  },
];

/** mulberry32: a tiny seeded PRNG, good enough for sample data and stable across platforms. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const MINUTE = 60_000;
const iso = (day: string) => `${day}T00:00:00.000Z`;

/** The seeded random helpers one demo data set draws from, in order. */
function draws(seed: number) {
  const rnd = random(seed);
  return {
    rnd,
    pick: <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T,
    between: (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1)),
  };
}
type Draws = ReturnType<typeof draws>;

const stamp = (day: string, time: string) => ({
  version: 1,
  createdAt: time,
  updatedAt: time,
  date: iso(day),
});

/**
 * The demo data for the year up to `today` (`yyyy-mm-dd`). Time entries fall on weekdays only, at
 * most one per project per day, between 08:00 and 19:00 UTC.
 */
export function demoData(userId: string, today: string, seed = 2026): SeedData {
  const d = draws(seed);
  const start = addMonths(today, -12);
  const createdAt = iso(start);
  const projects: ProjectRecord[] = PLANS.map((plan) => ({
    projectId: ulid(Date.parse(createdAt)),
    userId,
    name: plan.name,
    description: plan.description,
    enableEmbedding: plan.enableEmbedding,
    totalMs: 0,
    totalIncomeCents: 0,
    totalExpensesCents: 0,
    createdAt,
  }));
  const timeActivities = demoTime(d, projects, start, today);
  const financeActivities = demoMoney(d, projects, start, today);
  return { userId, projects, timeActivities, financeActivities };
}

/** Time on weekdays: each project on its share of days, 30 min – 4 h from between 08:00 and 15:00. */
function demoTime(d: Draws, projects: ProjectRecord[], start: string, today: string): TimeActivityRecord[] {
  const entries: TimeActivityRecord[] = [];
  for (let n = dayNumber(start); n <= dayNumber(today); n++) {
    const day = addDays(start, n - dayNumber(start));
    if (isoWeekday(day) > 5) continue;
    PLANS.forEach((plan, i) => {
      if (d.rnd() >= plan.activeShare) return;
      const project = projects[i] as ProjectRecord;
      const [task, subTasks] = d.pick(plan.tasks);
      const duration = d.between(2, 16) * 15 * MINUTE; // 30 min – 4 h in quarter hours
      const startMs = Date.parse(iso(day)) + d.between(32, 60) * 15 * MINUTE; // 08:00 – 15:00
      const startTime = new Date(startMs).toISOString();
      entries.push({
        activityId: ulid(startMs),
        userId: project.userId,
        projectId: project.projectId,
        task,
        subTask: d.pick(subTasks),
        startTime,
        endTime: new Date(startMs + duration).toISOString(),
        duration,
        ...stamp(day, startTime),
      });
    });
  }
  return entries;
}

/**
 * Money: an invoice per project on the last weekday-ish of each month, recurring software costs on
 * the 1st, and the odd trip mid-month.
 */
function demoMoney(
  d: Draws,
  projects: ProjectRecord[],
  start: string,
  today: string,
): FinanceActivityRecord[] {
  const entries: FinanceActivityRecord[] = [];
  for (let m = 0; m <= 12; m++) {
    const monthStart = addMonths(`${start.slice(0, 7)}-01`, m);
    PLANS.forEach((plan, i) => {
      const project = projects[i] as ProjectRecord;
      const money = (day: string, task: string, subTask: string, cents: number, expense: boolean) => {
        if (day < start || day > today) return;
        const time = iso(day);
        entries.push({
          activityId: ulid(Date.parse(time)),
          userId: project.userId,
          projectId: project.projectId,
          task,
          subTask,
          amountCents: cents,
          expense,
          notes: expense ? '' : `Paid within ${d.between(7, 30)} days`,
          ...stamp(day, time),
        });
      };
      for (const [task, sub, cents] of plan.monthlyExpenses) money(monthStart, task, sub, cents, true);
      if (plan.travel && d.rnd() < plan.travel.share) {
        money(
          addDays(monthStart, d.between(8, 20)),
          ...plan.travel.label,
          d.between(...plan.travel.cents),
          true,
        );
      }
      // Invoices in whole euros, as people write them.
      const invoice = Math.round(d.between(...plan.invoiceCents) / 100) * 100;
      money(addDays(addMonths(monthStart, 1), -2), ...plan.invoiceLabel, invoice, false);
    });
  }
  return entries;
}
