import type { ChartData, Dataset } from '../../../../contract/responses';
import type {
  DayTotals,
  TaskDayTotals,
  TaskMonthTotals,
  TaskTotals,
} from '../../../data/tracking/rollup-queries';
import type { DayRange } from '../../shared/calendar';
import { toTimePerSubTaskRow, toTimePerTaskRow } from '../responses';
import type { Bucket } from './buckets';
import { bucketIndexer, bucketsFor, granularityFor, rangeFromFirstData } from './buckets';
import { colourAt, colours } from './palette';

/**
 * The chart builders: pure functions from rollup rows to the chart data the API answers
 * (`{labels, datasets:[{label, data, borderWidth, borderColor, backgroundColor}]}`). Time is
 * given in decimal hours, money in the user's currency (cents kept as integers until the very
 * last division, so sums stay exact to the cent).
 */
export const MS_PER_HOUR = 3_600_000;

/** The chart answer's types (the contract's), and the rollup rows the data layer reads that it is built from. */
export type { ChartData, Dataset, DayTotals, TaskDayTotals, TaskMonthTotals, TaskTotals };

/** A project's all-time totals, from its project item. */
export interface ProjectTotals {
  projectId: string;
  name: string;
  totalMs: number;
  incomeCents: number;
  expenseCents: number;
}

export interface ChartOptions {
  /** `colorseed` from the query: a different, equally readable palette. */
  seed?: number | undefined;
  /** The user's first day of the week (0 Sunday … 6 Saturday) for week buckets; Monday by default. */
  firstWeekday?: number | undefined;
}

/**
 * The pie's label for time without a task: empty, as the task is. Clients name it in the viewer's
 * language ("(no task)", "(ohne Aufgabe)"), as they do with the grids' empty tasks.
 */
export const NO_TASK_LABEL = '';

const hours = (ms: number) => ms / MS_PER_HOUR;
const money = (cents: number) => cents / 100;

function series(label: string, data: number[], options: ChartOptions, borderWidth = 2): Dataset {
  const colour = colourAt(0, options.seed);
  return { label, data, borderWidth, borderColor: colour.solid, backgroundColor: colour.fill };
}

function pie(label: string, labels: string[], data: number[], options: ChartOptions): ChartData {
  const palette = colours(labels.length, options.seed);
  return {
    labels,
    datasets: [
      {
        label,
        data,
        borderWidth: 1,
        borderColor: palette.map((c) => c.solid),
        backgroundColor: palette.map((c) => c.solid),
      },
    ],
  };
}

/** Sums a per-day value into the range's buckets; rows outside the range are ignored. */
function perBucket(
  rows: readonly DayTotals[],
  range: DayRange,
  buckets: readonly Bucket[],
  value: (row: DayTotals) => number,
): number[] {
  const sums = new Array<number>(buckets.length).fill(0);
  const indexOf = bucketIndexer(range, buckets);
  for (const row of rows) {
    const i = indexOf(row.day);
    if (i >= 0) sums[i] = (sums[i] ?? 0) + value(row);
  }
  return sums;
}

/**
 * A line chart of one series over the buckets of the range from its first day with data (see
 * `rangeFromFirstData`); `values` gives the series, one value a bucket.
 */
function lineChart(
  requested: DayRange,
  rows: readonly DayTotals[],
  label: string,
  options: ChartOptions,
  values: (buckets: readonly Bucket[], range: DayRange) => number[],
) {
  const range = rangeFromFirstData(requested, rows);
  const buckets = bucketsFor(range, granularityFor(range), options.firstWeekday);
  return {
    labels: buckets.map((b) => b.label),
    datasets: [series(label, values(buckets, range), options)],
  } satisfies ChartData;
}

/** Income minus expenses per bucket, in cents. */
const profitPerBucket = (rows: readonly DayTotals[], range: DayRange, buckets: readonly Bucket[]) =>
  perBucket(rows, range, buckets, (r) => r.incomeCents - r.expenseCents);

/** Milliseconds tracked per bucket. */
const timePerBucket = (rows: readonly DayTotals[], range: DayRange, buckets: readonly Bucket[]) =>
  perBucket(rows, range, buckets, (r) => r.timeMs);

/**
 * Time tracked (line): hours tracked per bucket (day, week or month — see `granularityFor`) over
 * the range, summed over the given projects. The data adds up to the hours tracked in the range.
 */
export function timeTrackedChart(rows: readonly DayTotals[], range: DayRange, options: ChartOptions = {}) {
  return lineChart(range, rows, 'Time tracked (hours)', options, (buckets, shown) =>
    timePerBucket(rows, shown, buckets).map(hours),
  );
}

/** Profit/loss (line): income minus expenses per bucket over the range, in the user's currency. */
export function profitLossChart(
  rows: readonly DayTotals[],
  range: DayRange,
  currency: string,
  options: ChartOptions = {},
) {
  return lineChart(range, rows, `Profit/loss (${currency})`, options, (buckets, shown) =>
    profitPerBucket(rows, shown, buckets).map(money),
  );
}

/**
 * Profit/loss per hour (line): for each bucket, the CUMULATIVE profit (income − expenses) from the
 * start of the range to the bucket's end, divided by the cumulative hours tracked over the same
 * span — the effective hourly rate earned so far. Cumulative rather than per bucket because
 * invoices arrive monthly while time is tracked daily: a per-bucket ratio would jump between
 * "no hours, big invoice" and "hours, no invoice", whereas the running rate settles on what the
 * work really earned. 0 until the first hour is tracked; rounded to the cent.
 */
export function profitLossPerHourChart(
  rows: readonly DayTotals[],
  range: DayRange,
  currency: string,
  options: ChartOptions = {},
) {
  return lineChart(range, rows, `Profit/loss per hour (${currency}/h)`, options, (buckets, shown) => {
    const cents = profitPerBucket(rows, shown, buckets);
    const ms = timePerBucket(rows, shown, buckets);
    let cumulativeCents = 0;
    let cumulativeMs = 0;
    return buckets.map((_, i) => {
      cumulativeCents += cents[i] ?? 0;
      cumulativeMs += ms[i] ?? 0;
      return cumulativeMs === 0 ? 0 : Math.round(cumulativeCents / hours(cumulativeMs)) / 100;
    });
  });
}

/**
 * Nets rows of the same project, task and sub-task into one and drops those that come to 0 (a
 * month read whole minus its days outside the range can leave a pair with no time in the range,
 * which must not show as a slice or a grid row, exactly as a task-day rollup back at 0 doesn't).
 */
export function netTaskTotals(rows: readonly TaskTotals[]): TaskTotals[] {
  const sums = new Map<string, TaskTotals>();
  for (const row of rows) {
    const key = JSON.stringify([row.projectId, row.task, row.subTask]);
    const entry = sums.get(key);
    if (entry) entry.timeMs += row.timeMs;
    else
      sums.set(key, {
        projectId: row.projectId,
        task: row.task,
        subTask: row.subTask,
        timeMs: row.timeMs,
      });
  }
  return [...sums.values()].filter((row) => row.timeMs !== 0);
}

/** Time per task, in ms, largest first (ties by name), from task-day and task-month rows. */
function sumByTask(rows: readonly TaskTotals[]): Array<{ task: string; timeMs: number }> {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row.task, (sums.get(row.task) ?? 0) + row.timeMs);
  return [...sums]
    .map(([task, timeMs]) => ({ task, timeMs }))
    .sort((a, b) => b.timeMs - a.timeMs || a.task.localeCompare(b.task));
}

/** Time per task (pie): hours per task over the range, one slice per task, largest first. */
export function timePerTaskChart(rows: readonly TaskTotals[], options: ChartOptions = {}) {
  const tasks = sumByTask(rows);
  return pie(
    'Time per task (hours)',
    tasks.map((t) => t.task || NO_TASK_LABEL),
    tasks.map((t) => hours(t.timeMs)),
    options,
  );
}

/** Time-per-task grid: one row per task, largest first; they sum to the range's total. */
export function timePerTaskGrid(rows: readonly TaskTotals[]) {
  return sumByTask(rows).map(toTimePerTaskRow);
}

/**
 * Time-per-sub-task grid: one row per task and sub-task, largest first within the whole list
 * (ties by task, then sub-task); they sum to the range's total.
 */
export function timePerSubtaskGrid(rows: readonly TaskTotals[]) {
  const sums = new Map<string, { task: string; subTask: string; timeMs: number }>();
  for (const row of rows) {
    // JSON of the pair is an unambiguous key whatever characters the names hold.
    const key = JSON.stringify([row.task, row.subTask]);
    const entry = sums.get(key) ?? { task: row.task, subTask: row.subTask, timeMs: 0 };
    entry.timeMs += row.timeMs;
    sums.set(key, entry);
  }
  return [...sums.values()]
    .sort((a, b) => b.timeMs - a.timeMs || a.task.localeCompare(b.task) || a.subTask.localeCompare(b.subTask))
    .map(toTimePerSubTaskRow);
}

const byName = (a: ProjectTotals, b: ProjectTotals) =>
  a.name.localeCompare(b.name) || a.projectId.localeCompare(b.projectId);

/** Total time tracked (bar): all-time hours per project, one bar per project, sorted by name. */
export function totalTimeChart(projects: readonly ProjectTotals[], options: ChartOptions = {}) {
  const sorted = [...projects].sort(byName);
  return {
    labels: sorted.map((p) => p.name),
    datasets: [
      series(
        'Total time tracked (hours)',
        sorted.map((p) => hours(p.totalMs)),
        options,
        1,
      ),
    ],
  } satisfies ChartData;
}

/** Time per project (pie): all-time hours per project, one slice per project, sorted by name. */
export function timePerProjectChart(projects: readonly ProjectTotals[], options: ChartOptions = {}) {
  const sorted = [...projects].sort(byName);
  return pie(
    'Time per project (hours)',
    sorted.map((p) => p.name),
    sorted.map((p) => hours(p.totalMs)),
    options,
  );
}
