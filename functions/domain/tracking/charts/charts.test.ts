import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayNumber,
  defaultRange,
  isDay,
  planMonthReads,
  weekStart,
} from '../../shared/calendar';
import { bucketIndexer, bucketsFor, granularityFor } from './buckets';
import {
  type DayTotals,
  netTaskTotals,
  profitLossChart,
  profitLossPerHourChart,
  type TaskDayTotals,
  timePerProjectChart,
  timePerSubtaskGrid,
  timePerTaskChart,
  timePerTaskGrid,
  timeTrackedChart,
  totalTimeChart,
} from './build';
import { colourAt, colours, contrastRatio } from './palette';
import { resolveRange } from './query';

const H = 3_600_000;
const day = (d: string, timeMs: number, incomeCents = 0, expenseCents = 0, projectId = 'p1'): DayTotals => ({
  projectId,
  day: d,
  timeMs,
  incomeCents,
  expenseCents,
});
const task = (d: string, taskName: string, subTask: string, timeMs: number): TaskDayTotals => ({
  projectId: 'p1',
  day: d,
  task: taskName,
  subTask,
  timeMs,
});
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('chart dates', () => {
  it('accepts only real yyyy-mm-dd days', () => {
    expect(isDay('2026-03-12')).toBe(true);
    expect(isDay('2024-02-29')).toBe(true);
    for (const bad of ['2026-02-30', '2026-3-12', '2026-03-12T00:00:00Z', '12/03/2026', '', '2025-02-29'])
      expect(isDay(bad)).toBe(false);
  });

  it('defaults to the last 12 months up to today, clamping month ends', () => {
    expect(defaultRange('2026-11-22')).toEqual({ start: '2025-11-22', end: '2026-11-22' });
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });

  it('finds the Monday of a week', () => {
    expect(weekStart('2026-03-12')).toBe('2026-03-09'); // a Thursday
    expect(weekStart('2026-03-09')).toBe('2026-03-09');
    expect(weekStart('2026-03-15')).toBe('2026-03-09'); // a Sunday
  });

  it('reads whole months whole and each edge month by its fewer days, in or out of the range', () => {
    expect(planMonthReads({ start: '2026-02-01', end: '2026-03-31' })).toEqual({
      months: { first: '2026-02', last: '2026-03' },
      add: [],
      subtract: [],
    });
    // The default 12 months up to today: 9 days of the first month in range (fewer than the 21
    // outside), the last month read whole minus the 8 days still to come.
    expect(planMonthReads({ start: '2025-11-22', end: '2026-11-22' })).toEqual({
      months: { first: '2025-12', last: '2026-11' },
      add: [{ start: '2025-11-22', end: '2025-11-30' }],
      subtract: [{ start: '2026-11-23', end: '2026-11-30' }],
    });
    // Leap February read whole; one day of January added.
    expect(planMonthReads({ start: '2024-01-31', end: '2024-02-29' })).toEqual({
      months: { first: '2024-02', last: '2024-02' },
      add: [{ start: '2024-01-31', end: '2024-01-31' }],
      subtract: [],
    });
    // Inside one month: most of it is the month minus both ends; a few days are just those days.
    expect(planMonthReads({ start: '2026-03-02', end: '2026-03-30' })).toEqual({
      months: { first: '2026-03', last: '2026-03' },
      add: [],
      subtract: [
        { start: '2026-03-01', end: '2026-03-01' },
        { start: '2026-03-31', end: '2026-03-31' },
      ],
    });
    expect(planMonthReads({ start: '2026-03-05', end: '2026-03-06' })).toEqual({
      add: [{ start: '2026-03-05', end: '2026-03-06' }],
      subtract: [],
    });
    // Two partial months and nothing between them; across a year end.
    expect(planMonthReads({ start: '2026-03-17', end: '2026-04-10' })).toEqual({
      add: [
        { start: '2026-03-17', end: '2026-03-31' },
        { start: '2026-04-01', end: '2026-04-10' },
      ],
      subtract: [],
    });
    expect(planMonthReads({ start: '2026-12-03', end: '2027-01-31' })).toEqual({
      months: { first: '2026-12', last: '2027-01' },
      add: [],
      subtract: [{ start: '2026-12-01', end: '2026-12-02' }],
    });
  });

  it('counts every day of a range exactly once and no other day, reading at most half an edge month by day', () => {
    const days = (r: { start: string; end: string }) =>
      Array.from({ length: dayNumber(r.end) - dayNumber(r.start) + 1 }, (_, i) => addDays(r.start, i));
    // Every third start in 2023–2024 with lengths from one day to over a year.
    for (let s = 0; s < 731; s += 3) {
      for (const length of [1, 2, 15, 16, 27, 28, 29, 30, 31, 32, 59, 60, 61, 62, 365, 400]) {
        const start = addDays('2023-01-01', s);
        const end = addDays(start, length - 1);
        const plan = planMonthReads({ start, end });
        const count = new Map<string, number>();
        const bump = (day: string, by: number) => count.set(day, (count.get(day) ?? 0) + by);
        if (plan.months) {
          expect(plan.months.first <= plan.months.last).toBe(true);
          for (let d = `${plan.months.first}-01`; d.slice(0, 7) <= plan.months.last; d = addDays(d, 1))
            bump(d, 1);
        }
        for (const r of plan.add) for (const d of days(r)) bump(d, 1);
        for (const r of plan.subtract) for (const d of days(r)) bump(d, -1);
        const counted = [...count].filter(([, n]) => n !== 0);
        expect(counted.every(([, n]) => n === 1)).toBe(true);
        expect(counted.map(([d]) => d).sort()).toEqual(days({ start, end }));
        const byDay = [...plan.add, ...plan.subtract].reduce((n, r) => n + days(r).length, 0);
        expect(byDay).toBeLessThanOrEqual(length < 62 ? length : 31);
      }
    }
  });
});

describe('buckets', () => {
  it('uses days up to about two months (62 days), weeks up to about six months, months beyond', () => {
    expect(granularityFor({ start: '2026-03-01', end: '2026-03-31' })).toBe('day');
    expect(granularityFor({ start: '2026-03-01', end: '2026-05-01' })).toBe('day');
    expect(granularityFor({ start: '2026-03-01', end: '2026-05-02' })).toBe('week');
    expect(granularityFor({ start: '2026-01-01', end: '2026-06-30' })).toBe('week');
    expect(granularityFor({ start: '2025-11-22', end: '2026-11-22' })).toBe('month');
  });

  it('labels days and weeks by their ISO day and months by their ISO month, in no language', () => {
    expect(bucketsFor({ start: '2026-03-12', end: '2026-03-13' }).map((b) => b.label)).toEqual([
      '2026-03-12',
      '2026-03-13',
    ]);
    expect(bucketsFor({ start: '2026-01-15', end: '2026-12-31' }).map((b) => b.label)[0]).toBe('2026-01');
  });

  it('covers every day of the range exactly once, partial first and last weeks and months included', () => {
    for (const range of [
      { start: '2026-03-12', end: '2026-05-20' },
      { start: '2025-11-22', end: '2026-11-22' },
      { start: '2026-02-01', end: '2026-02-01' },
    ]) {
      const buckets = bucketsFor(range);
      expect(buckets[0]?.start).toBe(range.start);
      expect(buckets.at(-1)?.end).toBe(range.end);
      const indexOf = bucketIndexer(range, buckets);
      expect(indexOf(range.start)).toBe(0);
      expect(indexOf(range.end)).toBe(buckets.length - 1);
    }
    const weeks = bucketsFor({ start: '2026-03-12', end: '2026-05-20' });
    expect(weeks[0]).toEqual({ start: '2026-03-12', end: '2026-03-15', label: '2026-03-12' });
    expect(weeks[1]).toEqual({ start: '2026-03-16', end: '2026-03-22', label: '2026-03-16' });
    const months = bucketsFor({ start: '2025-11-22', end: '2026-11-22' });
    expect(months).toHaveLength(13);
    expect(months.at(-1)).toEqual({ start: '2026-11-01', end: '2026-11-22', label: '2026-11' });
  });
});

describe('time tracked chart', () => {
  it('sums hours per bucket so the data adds up to the hours tracked in the range', () => {
    const range = { start: '2026-03-01', end: '2026-03-03' };
    const chart = timeTrackedChart(
      [
        day('2026-02-28', 5 * H), // before the range
        day('2026-03-01', 1.5 * H),
        day('2026-03-01', 30 * 60_000, 0, 0, 'p2'),
        day('2026-03-03', 4 * H),
        day('2026-03-04', 7 * H), // after the range
      ],
      range,
    );
    expect(chart.labels).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(chart.datasets[0]?.data).toEqual([2, 0, 4]);
    expect(chart.datasets[0]).toMatchObject({ label: 'Time tracked (hours)', borderWidth: 2 });
  });
});

describe('money charts', () => {
  it('answers profit/loss per bucket in the user currency, exact to the cent', () => {
    const chart = profitLossChart(
      [day('2026-03-01', 0, 10_010, 20), day('2026-03-02', 0, 0, 1_999), day('2026-03-02', 0, 1, 0)],
      { start: '2026-03-01', end: '2026-03-02' },
      'CHF',
    );
    expect(chart.datasets[0]?.label).toBe('Profit/loss (CHF)');
    expect(chart.datasets[0]?.data).toEqual([99.9, -19.98]);
  });

  it('answers profit/loss per hour as the running rate: cumulative profit over cumulative hours', () => {
    const chart = profitLossPerHourChart(
      [day('2026-03-02', 2 * H, 0, 1_000), day('2026-03-03', 2 * H, 50_000, 0)],
      { start: '2026-03-01', end: '2026-03-03' },
      'EUR',
    );
    expect(chart.datasets[0]?.label).toBe('Profit/loss per hour (EUR/h)');
    // day 1: no hours yet → 0; day 2: −10 € over 2 h; day 3: 490 € over 4 h.
    expect(chart.datasets[0]?.data).toEqual([0, -5, 122.5]);
  });

  it('starts a line chart at the first day with data, so a new project is not years of empty months', () => {
    const sixtyMonths = { start: '2021-11-25', end: '2026-11-25' };
    const fresh = timeTrackedChart([day('2026-11-10', 2 * H), day('2026-11-25', H)], sixtyMonths);
    expect(fresh.labels).toHaveLength(16);
    expect(fresh.labels[0]).toBe('2026-11-10');
    expect(fresh.datasets[0]?.data.reduce((a, b) => a + b, 0)).toBe(3);
    // Only today: the week up to today, so the line has more than one point.
    const today = timeTrackedChart([day('2026-11-25', H)], sixtyMonths);
    expect(today.labels).toHaveLength(7);
    expect(today.labels[0]).toBe('2026-11-19');
    // Nothing at all in the range: the whole range, in its own buckets.
    expect(timeTrackedChart([], sixtyMonths).labels).toHaveLength(61);
  });

  it("starts week buckets on the user's first day of the week", () => {
    const range = { start: '2026-03-01', end: '2026-05-31' }; // 2026-03-01 is a Sunday
    const rows = [day('2026-03-01', H)];
    expect(timeTrackedChart(rows, range).labels.slice(0, 3)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-09',
    ]);
    expect(timeTrackedChart(rows, range, { firstWeekday: 0 }).labels.slice(0, 2)).toEqual([
      '2026-03-01',
      '2026-03-08',
    ]);
    expect(timeTrackedChart(rows, range, { firstWeekday: 6 }).labels.slice(0, 2)).toEqual([
      '2026-03-01',
      '2026-03-07',
    ]);
  });
});

describe('task charts and grids', () => {
  it('nets month and subtracted day rows per project and pair, dropping pairs that come to 0', () => {
    const row = (projectId: string, task: string, subTask: string, timeMs: number) => ({
      projectId,
      task,
      subTask,
      timeMs,
    });
    expect(
      netTaskTotals([
        row('p1', 'Design', 'Logo', 5 * H), // the month
        row('p1', 'Design', 'Logo', -2 * H), // its days outside the range
        row('p1', 'Build', '', 1 * H),
        row('p1', 'Build', '', -1 * H), // all of it outside the range
        row('p2', 'Design', 'Logo', 1 * H),
        row('p1', 'Design', 'Logo#', 1 * H),
      ]),
    ).toEqual([
      row('p1', 'Design', 'Logo', 3 * H),
      row('p2', 'Design', 'Logo', 1 * H),
      row('p1', 'Design', 'Logo#', 1 * H),
    ]);
  });

  const rows = [
    task('2026-03-01', 'Design', 'Logo', 2 * H),
    task('2026-03-02', 'Design', 'Logo', 1 * H),
    task('2026-03-02', 'Design', 'Icons', 30 * 60_000),
    task('2026-03-02', 'Meetings', '', 45 * 60_000),
    task('2026-03-03', '', '', 15 * 60_000),
  ];

  it('answers one pie slice per task, largest first, summing to the tracked hours', () => {
    const chart = timePerTaskChart(rows);
    expect(chart.labels).toEqual(['Design', 'Meetings', '']);
    expect(chart.datasets[0]?.data).toEqual([3.5, 0.75, 0.25]);
    expect(chart.datasets[0]?.backgroundColor).toHaveLength(3);
  });

  it('answers grid rows in milliseconds that sum to the same total', () => {
    const total = sum(rows.map((r) => r.timeMs));
    const tasks = timePerTaskGrid(rows);
    expect(tasks[0]).toEqual({ activity: 'Design', totalHours: 3.5 * H });
    expect(sum(tasks.map((t) => t.totalHours))).toBe(total);
    const subtasks = timePerSubtaskGrid(rows);
    expect(subtasks).toEqual([
      { activity: 'Design', description: 'Logo', totalHours: 3 * H },
      { activity: 'Meetings', description: '', totalHours: 45 * 60_000 },
      { activity: 'Design', description: 'Icons', totalHours: 30 * 60_000 },
      { activity: '', description: '', totalHours: 15 * 60_000 },
    ]);
    expect(sum(subtasks.map((t) => t.totalHours))).toBe(total);
  });
});

describe('project charts', () => {
  const projects = [
    { projectId: 'b', name: 'Website', totalMs: 10 * H, incomeCents: 0, expenseCents: 0 },
    { projectId: 'a', name: 'App', totalMs: 2.5 * H, incomeCents: 0, expenseCents: 0 },
    { projectId: 'c', name: 'Empty', totalMs: 0, incomeCents: 0, expenseCents: 0 },
  ];
  it('answers total time as one bar per project by name', () => {
    const chart = totalTimeChart(projects);
    expect(chart.labels).toEqual(['App', 'Empty', 'Website']);
    expect(chart.datasets[0]?.data).toEqual([2.5, 0, 10]);
  });
  it('answers time per project as a pie with a colour per slice', () => {
    const chart = timePerProjectChart(projects);
    expect(chart.datasets[0]?.data).toEqual([2.5, 0, 10]);
    expect(new Set(chart.datasets[0]?.backgroundColor).size).toBe(3);
  });
});

describe('palette', () => {
  it('starts with blue when no seed is given', () => {
    const { solid } = colourAt(0);
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(solid.slice(i, i + 2), 16)) as [
      number,
      number,
      number,
    ];
    expect(b).toBeGreaterThan(r + 60);
    expect(b).toBeGreaterThan(g + 40);
    expect(timeTrackedChart([], { start: '2026-03-01', end: '2026-03-01' }).datasets[0]?.borderColor).toBe(
      solid,
    );
  });

  it('gives a different palette for each new seed', () => {
    expect(colourAt(0, 1).solid).not.toBe(colourAt(0).solid);
    expect(colourAt(0, 2).solid).not.toBe(colourAt(0, 1).solid);
    expect(colourAt(0, 123_456).solid).not.toBe(colourAt(0).solid);
  });

  it('keeps every colour of every palette readable on the dark and the light theme (≥ 3:1)', () => {
    for (const seed of [undefined, ...Array.from({ length: 11 }, (_, i) => i)]) {
      for (const { solid } of colours(16, seed)) {
        expect(contrastRatio(solid, '#ffffff')).toBeGreaterThanOrEqual(3);
        expect(contrastRatio(solid, '#121212')).toBeGreaterThanOrEqual(3);
      }
    }
  });

  it('keeps the colours of one pie distinct', () => {
    const solids = colours(12, 5).map((c) => c.solid);
    expect(new Set(solids).size).toBe(12);
  });
});

describe('chart ranges from the query', () => {
  const today = '2026-11-22';
  it('takes both ends as given, and fills a missing end from today or 12 months back', () => {
    expect(resolveRange('2026-03-01', '2026-03-31', today)).toEqual({
      start: '2026-03-01',
      end: '2026-03-31',
    });
    expect(resolveRange(undefined, undefined, today)).toEqual({ start: '2025-11-22', end: today });
    expect(resolveRange('2026-10-01', undefined, today)).toEqual({ start: '2026-10-01', end: today });
    expect(resolveRange(undefined, '2026-06-30', today)).toEqual({ start: '2025-06-30', end: '2026-06-30' });
  });

  it('refuses a start after the end and a range over 100 years', () => {
    expect(() => resolveRange('2026-03-02', '2026-03-01', today)).toThrow(
      'startdate must not be after enddate',
    );
    expect(() => resolveRange('1900-01-01', '2026-01-01', today)).toThrow('more than 100 years');
  });
});
