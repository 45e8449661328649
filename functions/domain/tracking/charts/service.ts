import {
  EMBED_CHART_KINDS,
  EMBED_CHART_TYPES,
  type EmbedChartType,
  isOneOf,
} from '../../../../contract/enums';
import type { EmbeddedChart } from '../../../../contract/responses';
import { getUserById, type UserRecord } from '../../../data/identity/users';
import { getProject, listProjects, type ProjectRecord } from '../../../data/tracking/projects';
import {
  queryDayRollups,
  queryTaskDayRollups,
  queryTaskMonthRollups,
} from '../../../data/tracking/rollup-queries';
import { NotFoundError } from '../../../lib/errors';
import {
  addDays,
  type DayRange,
  dayOf,
  defaultRange,
  FIRST_WEEKDAY,
  planMonthReads,
} from '../../shared/calendar';
import { rangeFromFirstData } from './buckets';
import {
  type ChartData,
  type DayTotals,
  netTaskTotals,
  type ProjectTotals,
  profitLossChart,
  profitLossPerHourChart,
  type TaskTotals,
  timePerProjectChart,
  timePerSubtaskGrid,
  timePerTaskChart,
  timePerTaskGrid,
  timeTrackedChart,
  totalTimeChart,
} from './build';
import { type ChartQueryInput, MAX_RANGE_DAYS, resolveRange } from './query';

/**
 * The chart and grid endpoints' domain functions: check which projects the caller may see, read
 * the rollups for the range, and hand them to the pure builders in `./build.ts`.
 */
/**
 * The projects a chart covers: the one named by `projectId` (404 when the user has none by that
 * id — another user's project looks exactly like a missing one), otherwise all of the user's.
 */
async function projectsInScope(userId: string, projectId: string | undefined): Promise<ProjectRecord[]> {
  if (projectId) {
    const project = await getProject(userId, projectId);
    if (!project) throw new NotFoundError('PROJECT_NOT_FOUND');
    return [project];
  }
  const projects = await listProjects(userId);
  return projects;
}

async function dayRows(userId: string, projects: ProjectRecord[], range: DayRange): Promise<DayTotals[]> {
  const perProject = await Promise.all(
    projects.map((p) => queryDayRollups(userId, p.projectId, range.start, range.end)),
  );
  return perProject.flat();
}

/**
 * Time per (project, task, sub-task) over the range (see `planMonthReads`): whole months from the
 * task-month rollups (one Query per project), plus or minus edge days from the task-day rollups
 * (one Query per day range and project), all in parallel. Every day of the range counts exactly
 * once, so the sums equal those of the task-day rollups of the range alone.
 */
async function taskRows(userId: string, projects: ProjectRecord[], range: DayRange): Promise<TaskTotals[]> {
  const { months, add, subtract } = planMonthReads(range);
  const negated = (rows: TaskTotals[]) => rows.map((row) => ({ ...row, timeMs: -row.timeMs }));
  const reads = projects.flatMap((p): Promise<TaskTotals[]>[] => [
    ...(months ? [queryTaskMonthRollups(userId, p.projectId, months.first, months.last)] : []),
    ...add.map((days) => queryTaskDayRollups(userId, p.projectId, days.start, days.end)),
    ...subtract.map((days) => queryTaskDayRollups(userId, p.projectId, days.start, days.end).then(negated)),
  ]);
  return netTaskTotals((await Promise.all(reads)).flat());
}

/** Every day a chart query may reach, up to today (the line charts then start at the first entry). */
function wholeHistory(today = dayOf(new Date())): DayRange {
  return { start: addDays(today, -(MAX_RANGE_DAYS - 1)), end: today };
}

const totals = (p: ProjectRecord): ProjectTotals => ({
  projectId: p.projectId,
  name: p.name,
  totalMs: p.totalMs,
  incomeCents: p.totalIncomeCents,
  expenseCents: p.totalExpensesCents,
});

/** The palette's seed and the user's first day of the week (the week buckets start on it). */
const optionsOf = (user: UserRecord, q?: ChartQueryInput) => ({
  seed: q?.colorseed,
  firstWeekday: FIRST_WEEKDAY[user.weekStart],
});

/** Time tracked (line): hours per day/week/month bucket in the range. */
export async function getTimeTrackedChart(user: UserRecord, q: ChartQueryInput): Promise<ChartData> {
  const range = resolveRange(q.startdate, q.enddate);
  const projects = await projectsInScope(user._id, q.projectid);
  return timeTrackedChart(await dayRows(user._id, projects, range), range, optionsOf(user, q));
}

/** Profit/loss (line): income − expenses per bucket, in the user's currency. */
export async function getProfitLossChart(user: UserRecord, q: ChartQueryInput): Promise<ChartData> {
  const range = resolveRange(q.startdate, q.enddate);
  const projects = await projectsInScope(user._id, q.projectid);
  return profitLossChart(await dayRows(user._id, projects, range), range, user.currency, optionsOf(user, q));
}

/**
 * Profit/loss per hour (line): the running rate, cumulative profit ÷ cumulative hours. The
 * specification calls it with `projectid` only: without a range it covers the whole history (from
 * the first day with data), as the project's all-time totals do.
 */
export async function getProfitLossPerHourChart(user: UserRecord, q: ChartQueryInput): Promise<ChartData> {
  const projects = await projectsInScope(user._id, q.projectid);
  let range = q.startdate || q.enddate ? resolveRange(q.startdate, q.enddate) : wholeHistory();
  const rows = await dayRows(user._id, projects, range);
  // A project with nothing yet shows the default range, not a century of empty months.
  if (!q.startdate && !q.enddate && rangeFromFirstData(range, rows) === range) range = defaultRange();
  return profitLossPerHourChart(rows, range, user.currency, optionsOf(user, q));
}

/** Time per task (pie): hours per task in the range. */
export async function getTimePerTaskChart(user: UserRecord, q: ChartQueryInput): Promise<ChartData> {
  const range = resolveRange(q.startdate, q.enddate);
  const projects = await projectsInScope(user._id, q.projectid);
  return timePerTaskChart(await taskRows(user._id, projects, range), optionsOf(user, q));
}

/** Time-per-task grid: `{activity, totalHours}` (ms) rows for the range. */
export async function getTimePerTaskGrid(user: UserRecord, q: ChartQueryInput) {
  const range = resolveRange(q.startdate, q.enddate);
  const projects = await projectsInScope(user._id, q.projectid);
  return timePerTaskGrid(await taskRows(user._id, projects, range));
}

/** Time-per-sub-task grid: `{activity, description, totalHours}` (ms) rows for the range. */
export async function getTimePerSubtaskGrid(user: UserRecord, q: ChartQueryInput) {
  const range = resolveRange(q.startdate, q.enddate);
  const projects = await projectsInScope(user._id, q.projectid);
  return timePerSubtaskGrid(await taskRows(user._id, projects, range));
}

/**
 * Total time tracked (bar): all-time hours per project from the project items' totals (the date
 * range does not apply); with `projectid`, that project's bar only.
 */
export async function getTotalTimeTrackedChart(user: UserRecord, q: ChartQueryInput): Promise<ChartData> {
  const projects = await projectsInScope(user._id, q.projectid);
  return totalTimeChart(projects.map(totals), optionsOf(user, q));
}

/** Time per project (pie): all-time hours per project from the project items' totals. */
export async function getTimePerProjectChart(user: UserRecord, q: ChartQueryInput): Promise<ChartData> {
  const projects = await projectsInScope(user._id, q.projectid);
  return timePerProjectChart(projects.map(totals), optionsOf(user, q));
}

/** The same 404 for every refusal, so a stranger learns nothing about which part was wrong. */

export interface EmbedRequest {
  userId: string;
  projectId: string;
  chartType: string;
  chartKind: string;
  startdate?: string | undefined;
  enddate?: string | undefined;
}

/**
 * A public chart for another site. 404 (always the same one) for an unknown chart type or kind, an
 * unknown user or project, or unless BOTH the user's and the project's `enableEmbedding` are on.
 * The range defaults to the last 12 months.
 */
export async function getEmbeddedChart(req: EmbedRequest): Promise<EmbeddedChart> {
  if (!isOneOf(EMBED_CHART_TYPES, req.chartType) || !isOneOf(EMBED_CHART_KINDS, req.chartKind)) {
    throw new NotFoundError('CHART_NOT_FOUND');
  }
  const range = resolveRange(req.startdate, req.enddate);
  const [user, project] = await Promise.all([getUserById(req.userId), getProject(req.userId, req.projectId)]);
  if (!user || !project || !user.enableEmbedding || !project.enableEmbedding) {
    throw new NotFoundError('CHART_NOT_FOUND');
  }
  const chart = await embeddedChartData(req.chartType, user, project, range);
  return {
    ...chart,
    chartType: req.chartType,
    chartKind: req.chartKind,
    showPoweredBy: !user.premium || user.showPoweredBy,
    currency: user.currency,
    numberFormat: user.numberFormat,
    projectName: project.name,
  };
}

async function embeddedChartData(
  type: EmbedChartType,
  user: UserRecord,
  project: ProjectRecord,
  range: DayRange,
): Promise<ChartData> {
  switch (type) {
    case 'timetracked':
      return timeTrackedChart(await dayRows(user._id, [project], range), range, optionsOf(user));
    case 'profitloss':
      return profitLossChart(
        await dayRows(user._id, [project], range),
        range,
        user.currency,
        optionsOf(user),
      );
    case 'profitlossperhour':
      return profitLossPerHourChart(
        await dayRows(user._id, [project], range),
        range,
        user.currency,
        optionsOf(user),
      );
    case 'timepertask':
      return timePerTaskChart(await taskRows(user._id, [project], range));
    case 'totaltime':
      return totalTimeChart([totals(project)]);
  }
}
