import { foldTag } from '../../contract/tags';
import {
  dayRollupKey,
  type ReportFamily,
  reportRollupRange,
  type TagDayFamily,
  tagDayRollupRange,
} from './keys';
import { queryAll } from './query';
import { tagSumAttribute } from './tag-rollups';
import { decodeProjectSums, roundedMsOf, roundedProjectAttribute } from './tag-rounded';

/**
 * The READ side of the report rollups (written by `./report-rollups.ts` in each time entry's
 * transaction). A report reads, per project, one range of one family: whole months from the month
 * items, edge days from the day items, or (by day or week, no tag filter) the day rollups. The
 * size of a read depends on the periods and the distinct billable/tag/task groups in them, never
 * on how many entries the history holds. By day with a tag filter, one Query of the
 * tag's day rollups (`./tag-rollups.ts`) serves every project: at most one item per day.
 */

/** One report rollup item as a report adds it up. */
export interface ReportCell {
  projectId: string;
  /** `yyyy-mm-dd` or `yyyy-mm`. */
  period: string;
  /** Undefined on a day rollup, which sums billable and unbillable time of the day. */
  billable?: boolean;
  /** Undefined on a day rollup. */
  tags?: string[];
  /** Only on the task families. */
  task?: string;
  timeMs: number;
  billableMs: number;
  /** The billable time rounded per entry with the asked variant (`undefined`: no rounding). */
  roundedBillableMs: number;
}

const num = (value: unknown) => Number(value ?? 0);

/**
 * Access pattern: a project's report rollups of one family for the periods `first` to `last`
 * (inclusive; days or months). `roundedAttribute` names the sum of the user's rounding variant
 * (none: the exact time).
 */
export async function queryReportRollups(
  userId: string,
  projectId: string,
  family: ReportFamily,
  first: string,
  last: string,
  roundedAttribute: string | undefined,
): Promise<ReportCell[]> {
  const range = reportRollupRange(family, userId, projectId, first, last);
  const withTask = family === 'taskDay' || family === 'taskMonth';
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': range.PK, ':from': range.from, ':to': range.to },
    ProjectionExpression: `period, billable, tags, timeMs${withTask ? ', activity' : ''}${roundedAttribute ? `, ${roundedAttribute}` : ''}`,
  });
  return items.map((item) => {
    const billable = item.billable !== false;
    const timeMs = num(item.timeMs);
    return {
      projectId,
      period: item.period as string,
      billable,
      tags: Array.isArray(item.tags) ? (item.tags as string[]) : [],
      ...(withTask ? { task: (item.activity as string) ?? '' } : {}),
      timeMs,
      billableMs: billable ? timeMs : 0,
      roundedBillableMs: billable ? (roundedAttribute ? num(item[roundedAttribute]) : timeMs) : 0,
    };
  });
}

/**
 * Access pattern: a project's day rollups (`DAY#…`, shared with the charts) from `start` to `end`:
 * time, billable time and its rounded sum per day — one item per day with time or money.
 */
export async function queryDayReportCells(
  userId: string,
  projectId: string,
  start: string,
  end: string,
  roundedAttribute: string | undefined,
): Promise<ReportCell[]> {
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': dayRollupKey(userId, projectId, start).PK,
      ':from': dayRollupKey(userId, projectId, start).SK,
      ':to': dayRollupKey(userId, projectId, end).SK,
    },
    ProjectionExpression: `#day, timeMs, billableMs${roundedAttribute ? `, ${roundedAttribute}` : ''}`,
    ExpressionAttributeNames: { '#day': 'day' },
  });
  return items
    .filter((item) => num(item.timeMs) !== 0)
    .map((item) => ({
      projectId,
      period: item.day as string,
      timeMs: num(item.timeMs),
      billableMs: num(item.billableMs),
      roundedBillableMs: roundedAttribute ? num(item[roundedAttribute]) : num(item.billableMs),
    }));
}

/** Above this many projects a tag day read takes whole items rather than naming each sum. */
const PROJECTED_PROJECTS = 60;

/** One tag's day items of one family, by day: the named sums of the projects (all, past 60). */
async function queryTagDays(
  family: TagDayFamily,
  userId: string,
  foldedTag: string,
  sums: readonly string[],
  projectIds: readonly string[],
  start: string,
  end: string,
): Promise<Map<string, Record<string, unknown>>> {
  const range = tagDayRollupRange(family, userId, foldedTag, start, end);
  const names: Record<string, string> = { '#day': 'day' };
  projectIds.forEach((id, i) => {
    sums.forEach((sum, j) => {
      names[`#p${i}_${j}`] = tagSumAttribute(sum, id);
    });
  });
  const projected = projectIds.length <= PROJECTED_PROJECTS;
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': range.PK, ':from': range.from, ':to': range.to },
    ...(projected
      ? { ProjectionExpression: Object.keys(names).join(', '), ExpressionAttributeNames: names }
      : {}),
  });
  return new Map(items.map((item) => [item.day as string, item]));
}

/**
 * Access pattern: one tag's day rollups from `start` to `end` — `REPTAGDAY#<sha(tag)>#…`, or for a
 * user who rounds `REPTAGRND#…`, which holds the same sums and the rounded ones — as one cell per
 * project in `projectIds` and day with time under the tag (folded as `foldTag` does). The rollups
 * follow the table's stream: an entry written a moment ago may not be in them yet.
 */
export async function queryTagDayCells(
  userId: string,
  tag: string,
  projectIds: readonly string[],
  start: string,
  end: string,
  roundedAttribute: string | undefined,
): Promise<ReportCell[]> {
  if (projectIds.length === 0) return [];
  const folded = foldTag(tag.trim());
  const family = roundedAttribute ? 'rounded' : 'base';
  const items = await queryTagDays(
    family,
    userId,
    folded,
    roundedAttribute ? ['r'] : ['t', 'b'],
    projectIds,
    start,
    end,
  );
  const sumsOf = (item: Record<string, unknown>, projectId: string) => {
    if (!roundedAttribute) {
      const billableMs = num(item[tagSumAttribute('b', projectId)]);
      return {
        timeMs: num(item[tagSumAttribute('t', projectId)]),
        billableMs,
        roundedBillableMs: billableMs,
      };
    }
    const sums = decodeProjectSums(item[roundedProjectAttribute(projectId)]);
    return {
      timeMs: sums.timeMs,
      billableMs: sums.billableMs,
      roundedBillableMs: roundedMsOf(sums, roundedAttribute),
    };
  };
  return [...items].flatMap(([day, item]) =>
    projectIds
      .map((projectId) => ({ projectId, period: day, tags: [tag], ...sumsOf(item, projectId) }))
      .filter((cell) => cell.timeMs !== 0),
  );
}
