import { isEntityId } from '../../../../contract/fields';
import type { Report } from '../../../../contract/responses';
import { roundedAttribute } from '../../../../contract/rounding';
import { listClients } from '../../../data/billing/clients';
import type { ReportFamily } from '../../../data/core/keys';
import { roundingOf, type UserRecord } from '../../../data/identity/users';
import { listProjects } from '../../../data/tracking/projects';
import {
  queryDayReportCells,
  queryReportRollups,
  queryTagDayCells,
} from '../../../data/tracking/report-queries';
import { NotFoundError } from '../../../lib/errors';
import { type DayRange, planMonthReads } from '../../shared/calendar';
import { resolveRange } from '../../tracking/charts/query';
import { buildReport, type ReportProject, type SignedCell } from './group';
import { planWeekReads } from './plan';
import type { ReportGrouping, ReportQueryInput } from './query';

/**
 * `GET /api/reports`: the user's time in a range, grouped, with billable time exact and rounded
 * (the user's `rounding`, per entry) and billable amounts at each project's current rate. Read from
 * the report rollups, never from the entries: per project in scope, in parallel, whole months (or,
 * by week, whole weeks) from the month (week) items and the edge days from the day items
 * (`planMonthReads`, `planWeekReads`).
 */

/** A range as read: whole periods from one family, plus and minus days from another. */
interface ReadPlan {
  whole?: { family: ReportFamily; first: string; last: string };
  dayFamily: ReportFamily;
  add: DayRange[];
  subtract: DayRange[];
}

/**
 * How a grouping reads the range from the report rollups: by week (with a tag filter: without one
 * the day rollups serve), whole weeks and edge task days; by anything else but day (which
 * `readCells` reads otherwise), whole task months and edge task days — a grouping other than by
 * task adds the tasks of a group up (`./group.ts` groups by what it asks, never by the task).
 */
function planFor(range: DayRange, grouping: ReportGrouping): ReadPlan {
  if (grouping === 'week') {
    const { weeks, add, subtract } = planWeekReads(range);
    return { ...(weeks ? { whole: { family: 'week', ...weeks } } : {}), dayFamily: 'taskDay', add, subtract };
  }
  const { months, add, subtract } = planMonthReads(range);
  return {
    ...(months ? { whole: { family: 'taskMonth', ...months } } : {}),
    dayFamily: 'taskDay',
    add,
    subtract,
  };
}

/** The cells of one project for the range as `plan` reads it, signed. */
async function projectCells(
  userId: string,
  projectId: string,
  plan: ReadPlan,
  rounded: string | undefined,
): Promise<SignedCell[]> {
  const read = (family: ReportFamily, first: string, last: string, sign: 1 | -1) =>
    queryReportRollups(userId, projectId, family, first, last, rounded).then((cells) =>
      cells.map((c): SignedCell => ({ ...c, sign })),
    );
  const reads: Promise<SignedCell[]>[] = [];
  if (plan.whole) reads.push(read(plan.whole.family, plan.whole.first, plan.whole.last, 1));
  for (const span of plan.add) reads.push(read(plan.dayFamily, span.start, span.end, 1));
  for (const span of plan.subtract) reads.push(read(plan.dayFamily, span.start, span.end, -1));
  return (await Promise.all(reads)).flat();
}

/**
 * The cells of the range: by day or week without a tag filter, one day rollup per project-day; by
 * day with one, one item per day of the tag (all projects in it), kept from the table's stream —
 * so that report trails a write by the stream's delay (about a second on AWS and on the local
 * stack; see `docs/clients-reports.md`). By week and month with a tag filter the week and month
 * items, written with the entries, already read a number of items bounded by the periods.
 */
async function readCells(
  userId: string,
  projectIds: string[],
  range: DayRange,
  grouping: ReportGrouping,
  tag: string | undefined,
  rounded: string | undefined,
): Promise<SignedCell[]> {
  const perDay = grouping === 'day' || grouping === 'week';
  if (tag !== undefined && grouping === 'day') {
    const cells = await queryTagDayCells(userId, tag, projectIds, range.start, range.end, rounded);
    return cells.map((c) => ({ ...c, sign: 1 }));
  }
  const plan = planFor(range, grouping);
  const perProject = await Promise.all(
    projectIds.map(async (projectId): Promise<SignedCell[]> => {
      if (perDay && tag === undefined) {
        const cells = await queryDayReportCells(userId, projectId, range.start, range.end, rounded);
        return cells.map((c) => ({ ...c, sign: 1 }));
      }
      return projectCells(userId, projectId, plan, rounded);
    }),
  );
  return perProject.flat();
}

/** The report of the query. An unknown client or tag answers an empty report; another user's project: 404. */
export async function getReport(user: UserRecord, q: ReportQueryInput): Promise<Report> {
  const range = resolveRange(q.startdate, q.enddate);
  const [projectRecords, clients] = await Promise.all([listProjects(user._id), listClients(user._id)]);
  const clientNames = new Map(clients.map((c) => [c.clientId, c.name]));
  const projects = new Map<string, ReportProject>(
    projectRecords.map((p) => [
      p.projectId,
      {
        projectId: p.projectId,
        name: p.name,
        clientId: p.clientId && clientNames.has(p.clientId) ? p.clientId : null,
        hourlyRateCents: p.hourlyRateCents ?? null,
      },
    ]),
  );
  let scope = [...projects.values()];
  if (q.projectid !== undefined) {
    const id = q.projectid.toUpperCase();
    if (!isEntityId(id) || !projects.has(id)) throw new NotFoundError('PROJECT_NOT_FOUND');
    scope = scope.filter((p) => p.projectId === id);
  }
  if (q.clientid !== undefined) {
    const id = q.clientid.toUpperCase();
    scope = scope.filter((p) => p.clientId === id);
  }
  const tag = q.tag?.trim() ? q.tag : undefined;
  const rounded = roundedAttribute(roundingOf(user));
  const cells = await readCells(
    user._id,
    scope.map((p) => p.projectId),
    range,
    q.groupby,
    tag,
    rounded,
  );
  return buildReport(cells, q.groupby, projects, clientNames, {
    ...(q.billable !== undefined ? { billable: q.billable } : {}),
    ...(tag !== undefined ? { tag } : {}),
  });
}
