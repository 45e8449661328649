import { foldTag } from '../../../contract/tags';
import type { ReportFamily } from '../core/keys';
import { DAY } from './chart-rollups';
import { REPORT_TASK_DAY, REPORT_TASK_MONTH, REPORT_WEEK } from './report-rollups';
import type { RollupFamily } from './rollup-family';
import { queryRollupRange } from './rollup-range';
import { TAG_DAY } from './rollup-registry';
import { projectSumsReader, tagDayProjectAttribute } from './tag-sums';
import { TASK_DAY_GROUP, TASK_MONTH_GROUP } from './task-group-rollups';

/** The report families a report reads (`REPDAY#`, `REPMONTH#`: read by nothing since issue 39). */
const READ_FAMILIES: Partial<Record<ReportFamily, RollupFamily>> = {
  taskDay: REPORT_TASK_DAY,
  taskMonth: REPORT_TASK_MONTH,
  week: REPORT_WEEK,
};

/**
 * The task group family that holds, from time level 3 on, what a report task family held before
 * (`./task-group-rollups.ts`), and the attribute naming its period.
 */
const TASK_GROUPS: Partial<Record<ReportFamily, { family: RollupFamily; period: 'day' | 'month' }>> = {
  taskDay: { family: TASK_DAY_GROUP, period: 'day' },
  taskMonth: { family: TASK_MONTH_GROUP, period: 'month' },
};

/**
 * The READ side of the report rollups (written by `./rollups.ts` in each time entry's transaction;
 * each a range of its family read by `./rollup-range.ts`). A report reads, per project, one range of one family: whole months from the month
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
  const read = READ_FAMILIES[family];
  if (!read) throw new Error(`No report reads the ${family} rollups`);
  const rounded = roundedAttribute ? `, ${roundedAttribute}` : '';
  const group = TASK_GROUPS[family];
  const [items, groupItems] = await Promise.all([
    queryRollupRange(read, userId, projectId, first, last, {
      expression: `period, billable, tags, timeMs${group ? ', activity' : ''}${rounded}`,
    }),
    group
      ? queryRollupRange(group.family, userId, projectId, first, last, {
          expression: `#period, billable, tags, timeMs, activity${rounded}`,
          names: { '#period': group.period },
        })
      : [],
  ]);
  const cellOf = reportCellReader(projectId, roundedAttribute, group !== undefined);
  return [
    ...items.map((item) => cellOf(item, item.period)),
    // The range holds the (task, sub-task) items of entries below level 3 too: not the reports'.
    ...groupItems
      .filter((item) => typeof item.billable === 'boolean')
      .map((item) => cellOf(item, item[group?.period ?? 'period'])),
  ];
}

/** How a report rollup or task group item becomes a report cell. */
function reportCellReader(projectId: string, roundedAttribute: string | undefined, withTask: boolean) {
  return (item: Record<string, unknown>, period: unknown): ReportCell => {
    const billable = item.billable !== false;
    const timeMs = num(item.timeMs);
    return {
      projectId,
      period: period as string,
      billable,
      tags: Array.isArray(item.tags) ? (item.tags as string[]) : [],
      ...(withTask ? { task: (item.activity as string) ?? '' } : {}),
      timeMs,
      billableMs: billable ? timeMs : 0,
      roundedBillableMs: billable ? (roundedAttribute ? num(item[roundedAttribute]) : timeMs) : 0,
    };
  };
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
  const items = await queryRollupRange(DAY, userId, projectId, start, end, {
    expression: `#day, timeMs, billableMs${roundedAttribute ? `, ${roundedAttribute}` : ''}`,
    names: { '#day': 'day' },
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

/**
 * Above this many projects a tag day read takes whole items rather than naming each project's
 * attribute (one name each: 100 keep the projection near 700 characters, far under DynamoDB's
 * 4 KB per expression; the first layout named two per project and stopped at 60).
 */
const PROJECTED_PROJECTS = 100;

/**
 * Access pattern: one tag's day rollups (`REPTAGSUMS#<sha(tag)>#…`) from `start` to `end`, as one
 * cell per project in `projectIds` and day with time under the tag (folded as `foldTag` does), its
 * billable time rounded by `roundedAttribute` (the user's rounding; none: exact). ONE Query of at
 * most one item per day. The rollups follow the table's stream: an entry written a moment ago may
 * not be in them yet.
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
  const names: Record<string, string> = { '#day': 'day' };
  projectIds.forEach((id, i) => {
    names[`#p${i}`] = tagDayProjectAttribute(id);
  });
  const items = await queryRollupRange(
    TAG_DAY,
    userId,
    foldTag(tag.trim()),
    start,
    end,
    projectIds.length <= PROJECTED_PROJECTS
      ? { expression: Object.keys(names).join(', '), names }
      : undefined,
  );
  const sumsOf = projectSumsReader(roundedAttribute);
  return items.flatMap((item) =>
    projectIds
      .map((projectId) => ({
        projectId,
        period: item.day as string,
        tags: [tag],
        ...sumsOf(item[tagDayProjectAttribute(projectId)]),
      }))
      .filter((cell) => cell.timeMs !== 0),
  );
}
