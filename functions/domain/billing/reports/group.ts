import { centsToAmount } from '../../../../contract/money';
import type { Report } from '../../../../contract/responses';
import { foldTag } from '../../../../contract/tags';
import type { ReportCell } from '../../../data/tracking/report-queries';
import { weekStart } from '../../shared/calendar';
import type { ReportGrouping } from './query';

/**
 * How a report adds up its rollup cells (pure): filters, groups, the four figures of each row and
 * the total. Cells read to be subtracted (a month read whole minus the days outside the range) come
 * with `sign` -1, so every entry of the range counts exactly once.
 */

export interface SignedCell extends ReportCell {
  sign: 1 | -1;
}

/** What a report needs to know of a project: its client and its rate. */
export interface ReportProject {
  projectId: string;
  name: string;
  /** A client of the user, or null (a deleted client counts as none). */
  clientId: string | null;
  hourlyRateCents: number | null;
}

export interface ReportFilters {
  billable?: boolean;
  tag?: string;
}

/** The labels of the rows whose `key` is null: no client, no tag, no task. */
export const NO_CLIENT_LABEL = 'No client';
export const NO_TAG_LABEL = 'No tag';
export const NO_TASK_LABEL = 'No task';

/**
 * A cell as the filters see it: a day rollup (billable and unbillable time of one project-day
 * together) is narrowed to its billable or its unbillable part; a group cell passes or not.
 * `undefined` when nothing of it passes.
 */
export function filterCell(cell: SignedCell, filters: ReportFilters): SignedCell | undefined {
  if (filters.tag !== undefined) {
    const wanted = foldTag(filters.tag.trim());
    if (!cell.tags?.some((t) => foldTag(t) === wanted)) return undefined;
  }
  if (filters.billable === undefined) return cell;
  if (cell.billable === undefined) {
    if (filters.billable) return { ...cell, timeMs: cell.billableMs };
    return { ...cell, timeMs: cell.timeMs - cell.billableMs, billableMs: 0, roundedBillableMs: 0 };
  }
  return cell.billable === filters.billable ? cell : undefined;
}

interface Sums {
  timeMs: number;
  billableMs: number;
  roundedBillableMs: number;
  /** Σ rounded billable ms × rate cents: the amount × 3,600,000, exact. */
  amountNumerator: bigint;
}

const zero = (): Sums => ({ timeMs: 0, billableMs: 0, roundedBillableMs: 0, amountNumerator: 0n });

function addCell(sums: Sums, cell: SignedCell, rateCents: number | null) {
  sums.timeMs += cell.sign * cell.timeMs;
  sums.billableMs += cell.sign * cell.billableMs;
  sums.roundedBillableMs += cell.sign * cell.roundedBillableMs;
  if (rateCents) sums.amountNumerator += BigInt(cell.sign * cell.roundedBillableMs) * BigInt(rateCents);
}

const MS_PER_HOUR = 3_600_000n;

/** The amount of a row: its exact numerator ÷ 3,600,000, rounded half up to the cent, once. */
function amount(numerator: bigint): number {
  const n = numerator < 0n ? 0n : numerator;
  return centsToAmount(Number((n * 2n + MS_PER_HOUR) / (2n * MS_PER_HOUR)));
}

const figures = (s: Sums) => ({
  timeMs: s.timeMs,
  billableMs: s.billableMs,
  roundedBillableMs: s.roundedBillableMs,
  billableAmount: amount(s.amountNumerator),
});

type Group = { key: string | null; label: string };

/** The rows a cell belongs to under a grouping: one, or one per tag. */
function groupsOf(
  cell: SignedCell,
  grouping: ReportGrouping,
  project: ReportProject,
  clientNames: ReadonlyMap<string, string>,
): Group[] {
  switch (grouping) {
    case 'client': {
      const name = project.clientId ? clientNames.get(project.clientId) : undefined;
      return [
        name === undefined ? { key: null, label: NO_CLIENT_LABEL } : { key: project.clientId, label: name },
      ];
    }
    case 'project':
      return [{ key: project.projectId, label: project.name }];
    case 'task':
      return [cell.task ? { key: cell.task, label: cell.task } : { key: null, label: NO_TASK_LABEL }];
    case 'tag':
      return cell.tags?.length
        ? cell.tags.map((t) => ({ key: t, label: t }))
        : [{ key: null, label: NO_TAG_LABEL }];
    case 'day':
      return [{ key: cell.period, label: cell.period }];
    case 'week': {
      const monday = weekStart(cell.period);
      return [{ key: monday, label: monday }];
    }
    case 'month': {
      const month = cell.period.slice(0, 7);
      return [{ key: month, label: month }];
    }
  }
}

const byLabel = (a: string, b: string) =>
  a.localeCompare(b, undefined, { sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0);

/**
 * The report of `cells` (already read for the range): rows by `grouping` and the total. An entry
 * with two tags is in both tag rows and once in the total. Rows without time are left out; periods
 * come in order, other groups by most time first, then by label, the row without a key last.
 */
export function buildReport(
  cells: readonly SignedCell[],
  grouping: ReportGrouping,
  projects: ReadonlyMap<string, ReportProject>,
  clientNames: ReadonlyMap<string, string>,
  filters: ReportFilters,
): Report {
  const rows = new Map<string, Group & { sums: Sums }>();
  const total = zero();
  for (const raw of cells) {
    const project = projects.get(raw.projectId);
    const cell = project && filterCell(raw, filters);
    if (!project || !cell) continue;
    addCell(total, cell, project.hourlyRateCents);
    for (const group of groupsOf(cell, grouping, project, clientNames)) {
      const id = JSON.stringify(group.key);
      const row = rows.get(id) ?? { ...group, sums: zero() };
      rows.set(id, row);
      addCell(row.sums, cell, project.hourlyRateCents);
    }
  }
  const periodic = grouping === 'day' || grouping === 'week' || grouping === 'month';
  const list = [...rows.values()]
    .filter((r) => r.sums.timeMs > 0)
    .sort((a, b) => {
      if (periodic) return (a.key ?? '') < (b.key ?? '') ? -1 : 1;
      if ((a.key === null) !== (b.key === null)) return a.key === null ? 1 : -1;
      return b.sums.timeMs - a.sums.timeMs || byLabel(a.label, b.label);
    });
  return {
    rows: list.map((r) => ({ key: r.key, label: r.label, ...figures(r.sums) })),
    total: figures(total),
  };
}
