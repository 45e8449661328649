import { errorItem } from '../../../../contract/error-codes';
import type { ActivityBase, ActivityKind } from '../../../data/tracking/activity-kind';
import { FINANCE_KIND, type FinanceActivityRecord } from '../../../data/tracking/finance-activities';
import type { NewActivity } from '../../../data/tracking/import-writes';
import { TIME_KIND, type TimeActivityRecord } from '../../../data/tracking/time-activities';
import { config } from '../../../lib/config';
import { dayKeyToIso } from '../../shared/calendar';
import type { RowProblem } from './csv';
import { type ImportProject, nameKey } from './import-plan';
import type { PlannedEntry } from './import-run';
import type { ImportRow } from './sources';

/**
 * The entries an import writes (`import.ts`): each read row as a time or finance entry of the
 * project it names, in the order they are written.
 */

/** A row read from the file, with the id its entry gets. */
export interface ParsedRow {
  line: number;
  row: ImportRow;
  id: string;
}

/** An entry to write with the kind that writes it; the import's write path takes entries of both kinds. */
function newEntry<R extends ActivityBase>(k: ActivityKind<R>, record: R): NewActivity {
  return { k: k as unknown as ActivityKind<ActivityBase>, record };
}

function toEntry(
  userId: string,
  project: ImportProject,
  id: string,
  row: ImportRow,
  now: string,
): NewActivity {
  const base = {
    activityId: id,
    userId,
    projectId: project.projectId,
    task: row.task,
    subTask: row.subTask,
    date: dayKeyToIso(row.day),
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  if (row.kind === 'time') {
    return newEntry<TimeActivityRecord>(TIME_KIND, {
      ...base,
      startTime: row.startTime,
      endTime: row.endTime,
      duration: row.duration,
      billable: row.billable ?? project.billableByDefault,
      tags: row.tags,
    });
  }
  return newEntry<FinanceActivityRecord>(FINANCE_KIND, {
    ...base,
    amountCents: row.amountCents,
    expense: row.expense,
    notes: row.notes,
    vatCents: row.vatCents,
    ...(row.category ? { category: row.category } : {}),
  });
}

/** The order that puts entries sharing totals' items side by side. */
const order = (e: NewActivity) =>
  `${e.k.sortPrefix}\u0000${e.record.projectId}\u0000${e.record.date}\u0000${e.record.task}\u0000${e.record.subTask}`;

/**
 * The rows' entries in the order to write them. A row whose project could not be created (the
 * free project limit) is refused into `errors`.
 */
export function plannedEntries(
  userId: string,
  rows: ParsedRow[],
  plan: { projects: Map<string, ImportProject>; refused: Set<string> },
  options: { now: string; keepFileOrder: boolean },
  errors: RowProblem[],
): PlannedEntry[] {
  const entries: PlannedEntry[] = [];
  for (const { line, row, id } of rows) {
    const project = plan.projects.get(nameKey(row.project));
    if (!project || plan.refused.has(nameKey(row.project))) {
      errors.push({ line, ...errorItem('FREE_PROJECT_LIMIT', { limit: config.freeProjectLimit }) });
      continue;
    }
    entries.push({ line, entry: toEntry(userId, project, id, row, options.now) });
  }
  // Rows of one project, day and task share their totals' items, so more fit in a transaction.
  // A free account keeps the file's order: the first rows are the ones within the limit.
  if (!options.keepFileOrder) {
    entries.sort((a, b) => (order(a.entry) < order(b.entry) ? -1 : order(a.entry) > order(b.entry) ? 1 : 0));
  }
  return entries;
}
