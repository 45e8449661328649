import { errorItem } from '../../../../contract/error-codes';
import type { EntryKind } from '../../../data/core/keys';
import { foldImportCounts, storedEntryIds } from '../../../data/tracking/import-counts';
import {
  type CountOn,
  MAX_TX_ITEMS,
  type NewActivity,
  packTransactions,
  storedIds,
  type WriteOutcome,
  writeRun,
} from '../../../data/tracking/import-writes';
import { config } from '../../../lib/config';
import type { RowProblem } from './csv';

/**
 * The write loop of an import (`import.ts`): the rows already stored are found with one range Query
 * per kind of entry and skipped; the others go to DynamoDB a transaction at a time within the
 * function's time, the free account's item limit and, once rows are found stored by a transaction
 * (an import of the same file running at the same moment), a BatchGet window at a time. Each step
 * checks the time first, so an import that runs out of it stops between transactions and names the
 * rows left. A premium account's projects are written side by side ({@link PARALLEL_PROJECTS}),
 * each project's transactions one after another: they share only the project's totals, and count
 * on the project (`data/tracking/import-counts.ts`), not on the account's one counters item.
 */

/** An entry to write and the file's line it came from. */
export interface PlannedEntry {
  line: number;
  entry: NewActivity;
}

/** What the import wrote: counts and the lines refused. */
export interface Tally {
  imported: number;
  skipped: number;
  errors: RowProblem[];
}

/**
 * A write or lookup still running this close to the function's end is given up, so a slow
 * DynamoDB makes the report say "ran out of time" instead of the function timing out (a 5xx).
 */
const GIVE_UP_MS = 2_000;
/** Rows looked up with one BatchGet (its limit) when a file was imported before. */
const LOOKUP_WINDOW = 100;
/** Stop writing with this much of the function's time left, and say which rows are left. */
const TIME_MARGIN_MS = 4_000;
/**
 * Projects a premium account's import writes at the same moment. More keeps DynamoDB Local (one
 * JVM on a shared machine) no busier, and on DynamoDB each is a transaction in flight per import.
 */
export const PARALLEL_PROJECTS = 4;

/**
 * `work`'s result, or `undefined` when the function's time (`remainingMs`) nearly ran out first.
 * Work given up may still finish: a transaction is whole or absent, and a re-send finds out which.
 */
async function withinTime<T>(work: Promise<T>, remainingMs: number): Promise<T | undefined> {
  if (!Number.isFinite(remainingMs)) return work;
  // Its failure after being given up matters to no one (and must not go unhandled).
  work.catch(() => {});
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, remainingMs - GIVE_UP_MS), undefined);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The loop's state: the entries, how far it got, and the room under the free limit. */
interface Run {
  userId: string;
  itemLimit: number | undefined;
  countOn: CountOn;
  remainingTimeMs: () => number;
  entries: PlannedEntry[];
  /** The next entry to write or look up. */
  i: number;
  room: number;
  /**
   * Set when a run found rows stored: the file was imported before, wholly or in part (a part sent
   * again after it ran out of time, a second import, an overlap). The next rows are then looked up
   * with BatchGet, a read, a window at a time between the time checks, instead of one cancelled
   * transaction per run of stored rows; the conditional Puts still decide.
   */
  lookingUp: boolean;
  lineOf: Map<NewActivity, number>;
  tally: Tally;
}

function record(run: Run, entry: NewActivity, outcome: WriteOutcome) {
  const { tally } = run;
  const line = run.lineOf.get(entry) ?? 0;
  if (outcome === 'created') tally.imported++;
  else if (outcome === 'existing') tally.skipped++;
  else if (outcome === 'limit')
    tally.errors.push({ line, ...errorItem('FREE_ITEM_LIMIT', { limit: config.freeItemLimit }) });
  else tally.errors.push({ line, ...errorItem('ROW_PROJECT_DELETED') });
}

const rest = (run: Run) => run.entries.slice(run.i).map((e) => e.entry);

/** Every entry not written yet is refused as out of time; the loop ends. */
function outOfTime(run: Run): false {
  for (const e of rest(run)) {
    run.tally.errors.push({ line: run.lineOf.get(e) ?? 0, ...errorItem('ROW_OUT_OF_TIME') });
  }
  return false;
}

/** Past the free limit: rows already stored are skips, the others are refused; the loop ends. */
async function pastLimit(run: Run): Promise<false> {
  const left = rest(run);
  const stored = await storedIds(left);
  for (const e of left) record(run, e, stored.has(e.record.activityId) ? 'existing' : 'limit');
  return false;
}

/** Looks up the next window: its stored rows are skips and leave the list; `false` when out of time. */
async function lookUp(run: Run): Promise<boolean> {
  const { entries, i } = run;
  const window = entries.slice(i, i + LOOKUP_WINDOW);
  const stored = await withinTime(storedIds(window.map((e) => e.entry)), run.remainingTimeMs());
  if (!stored) return outOfTime(run);
  for (const e of window) if (stored.has(e.entry.record.activityId)) record(run, e.entry, 'existing');
  run.entries = [
    ...entries.slice(0, i),
    ...window.filter((e) => !stored.has(e.entry.record.activityId)),
    ...entries.slice(i + window.length),
  ];
  // Past the rows stored before: writing resumes (a run that finds stored rows looks up again).
  if (stored.size < window.length) run.lookingUp = false;
  return true;
}

/** Writes the next transaction's run of entries; `false` when out of time. */
async function writeNext(run: Run): Promise<boolean> {
  const next = run.entries.slice(run.i, run.i + Math.min(run.room, MAX_TX_ITEMS - 1)).map((e) => e.entry);
  const [batch = []] = packTransactions(next);
  const outcomes = await withinTime(
    writeRun(run.userId, batch, run.itemLimit, run.countOn),
    run.remainingTimeMs(),
  );
  if (!outcomes) return outOfTime(run);
  batch.forEach((e, n) => {
    record(run, e, outcomes[n] ?? 'limit');
  });
  const created = outcomes.filter((o) => o === 'created').length;
  run.room = outcomes.includes('limit') ? 0 : run.room - created;
  run.i += batch.length;
  if (outcomes.includes('existing')) run.lookingUp = true;
  return true;
}

/** One step of the loop, the time checked first; `false` when the loop ends early. */
async function step(run: Run): Promise<boolean> {
  if (run.remainingTimeMs() < TIME_MARGIN_MS) return outOfTime(run);
  if (run.room <= 0) return pastLimit(run);
  return run.lookingUp ? lookUp(run) : writeNext(run);
}

/** Writes one run's entries in order, step by step, until done or stopped. */
async function runLoop(run: Run): Promise<void> {
  while (run.i < run.entries.length) {
    if (!(await step(run))) break;
  }
}

/** The entries of each project, in the order given, the projects with the most rows first. */
function byProject(entries: PlannedEntry[]): PlannedEntry[][] {
  const groups = new Map<string, PlannedEntry[]>();
  for (const e of entries) {
    const group = groups.get(e.entry.record.projectId);
    if (group) group.push(e);
    else groups.set(e.entry.record.projectId, [e]);
  }
  return [...groups.values()].sort((a, b) => b.length - a.length);
}

/**
 * Writes `entries` in order, adding to `tally`. `room` is how many more entries the account may
 * hold (infinite for a premium one); `itemLimit` is the free account's limit the writes enforce:
 * a free account's rows go one transaction at a time in the file's order, counted on the counters
 * item; a premium account's projects side by side, counted on the projects (then folded).
 */
export async function writeEntries(
  userId: string,
  entries: PlannedEntry[],
  limits: { itemLimit: number | undefined; room: number },
  remainingTimeMs: () => number,
  tally: Tally,
): Promise<void> {
  const lineOf = new Map(entries.map((e) => [e.entry, e.line]));
  const newRun = (part: PlannedEntry[], countOn: CountOn): Run => ({
    userId,
    itemLimit: limits.itemLimit,
    countOn,
    remainingTimeMs,
    entries: part,
    i: 0,
    room: limits.room,
    lookingUp: false,
    lineOf,
    tally,
  });
  if (limits.itemLimit !== undefined) return runLoop(newRun(entries, 'counters'));
  const queue = byProject(entries);
  const worker = async () => {
    for (let part = queue.shift(); part; part = queue.shift()) await runLoop(newRun(part, 'projects'));
  };
  const done = await Promise.allSettled(Array.from({ length: PARALLEL_PROJECTS }, worker));
  const failed = done.find((d): d is PromiseRejectedResult => d.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Leaves out of `entries` the rows whose entry is stored already (imported before: skipped), with
 * one range Query per kind of entry (`storedEntryIds`); answers the rest and how many were left out.
 */
export async function withoutStored(
  userId: string,
  entries: PlannedEntry[],
): Promise<{ fresh: PlannedEntry[]; stored: number }> {
  const idsOf = (kind: EntryKind) =>
    entries.filter((e) => e.entry.k.kind === kind).map((e) => e.entry.record.activityId);
  const stored = {
    time: await storedEntryIds(userId, 'time', idsOf('time')),
    finance: await storedEntryIds(userId, 'finance', idsOf('finance')),
  };
  const fresh = entries.filter((e) => !stored[e.entry.k.kind].has(e.entry.record.activityId));
  return { fresh, stored: entries.length - fresh.length };
}

/**
 * Folds the counts imports left on the account's projects (`foldImportCounts`), given up like a
 * write when the function's time nearly ran out: the counts stay on the projects for the next import.
 */
export async function foldCounts(userId: string, remainingTimeMs: () => number): Promise<void> {
  await withinTime(foldImportCounts(userId), remainingTimeMs());
}
