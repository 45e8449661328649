import { ulid } from 'ulid';
import type { InvoiceCreate, LineGrouping } from '../../../../contract/invoices';
import type { Invoice } from '../../../../contract/responses';
import { type Rounding, roundEntryMs } from '../../../../contract/rounding';
import { listBillableEntries } from '../../../data/billing/billable-entries';
import { getClient } from '../../../data/billing/clients';
import { createDraft, type EntryClaim } from '../../../data/billing/invoice-drafts';
import { acquireInvoiceLease, releaseInvoiceLease } from '../../../data/billing/invoice-lease';
import {
  getInvoice,
  type InvoiceEntryRecord,
  type InvoiceLineRecord,
  type InvoiceRecord,
} from '../../../data/billing/invoices';
import { WriteConflictError } from '../../../data/core/errors';
import { AGAIN, type RetryPolicy, retrying } from '../../../data/core/retry';
import { roundingOf, type UserRecord } from '../../../data/identity/users';
import { listProjects, type ProjectRecord } from '../../../data/tracking/projects';
import type { TimeActivityRecord } from '../../../data/tracking/time-activities';
import { NotFoundError, ValidationError } from '../../../lib/errors';
import { clientCopy } from './einvoice-build';
import { expenseClaim, expenseLine, freeExpenses } from './expense-lines';
import { hoursHundredthsOf, invoiceTotals, lineAmountCents } from './math';
import { isSmallBusiness, toInvoice } from './view';

/**
 * A draft from a client's uninvoiced billable time in a period (CONTRACT §8): one line per project
 * of the client with such time, `hours` the sum of the entries' rounded durations (half up to 2
 * decimals), `amount` hours × the project's rate (half up to the cent). The entries are claimed
 * by the draft, so no other invoice takes them. With `includeExpenses` the client's expenses in
 * the period are lines at cost too, claimed the same way (`./expense-lines.ts`).
 */

/** The most entries one invoice bills: its entry ids live on the invoice item (≤ 400 KB). */
export const MAX_INVOICE_ENTRIES = 5000;
const DRAFT_RETRY: RetryPolicy = { attempts: 5, baseMs: 10, capMs: 160 };

type Entry = InvoiceEntryRecord & EntryClaim;

/** The key of the line an entry belongs to, by the draft's grouping. */
function lineKey(e: TimeActivityRecord, grouping: LineGrouping): string {
  if (grouping === 'entry') return `${e.projectId}#${e.activityId}`;
  if (grouping === 'task') return `${e.projectId}#${e.task}`;
  return e.projectId;
}

/** A line's words: the project's name, with the task (by task), or the entry's day and task (by entry). */
function lineDescription(project: ProjectRecord, first: TimeActivityRecord, grouping: LineGrouping): string {
  if (grouping === 'project') return project.name;
  const what = [first.task, first.subTask].filter((s) => s !== '').join(' – ');
  if (grouping === 'task') return `${project.name}: ${first.task}`;
  return `${first.date.slice(0, 10)} ${project.name}: ${what}`;
}

/**
 * The lines of the entries and their copies (CONTRACT §9): one line per project, per project and
 * task, or per entry, in date order (by each line's first day; ties by project name, then task).
 */
export function linesOf(
  projects: ProjectRecord[],
  entriesByProject: Map<string, TimeActivityRecord[]>,
  rounding: Rounding,
  grouping: LineGrouping = 'project',
): { lines: InvoiceLineRecord[]; entries: Entry[] } {
  const lines: InvoiceLineRecord[] = [];
  const entries: Entry[] = [];
  for (const project of projects) {
    const groups = new Map<string, TimeActivityRecord[]>();
    for (const e of entriesByProject.get(project.projectId) ?? []) {
      const key = lineKey(e, grouping);
      groups.set(key, [...(groups.get(key) ?? []), e]);
    }
    for (const own of groups.values()) {
      let roundedTotal = 0;
      for (const e of own) {
        const roundedMs = roundEntryMs(e.duration, rounding);
        roundedTotal += roundedMs;
        entries.push({
          entryId: e.activityId,
          version: e.version,
          projectId: e.projectId,
          day: e.date.slice(0, 10),
          task: e.task,
          subTask: e.subTask,
          durationMs: e.duration,
          roundedMs,
        });
      }
      const first = own[0]!;
      const hoursHundredths = hoursHundredthsOf(roundedTotal);
      const rateCents = project.hourlyRateCents ?? 0;
      lines.push({
        projectId: project.projectId,
        description: lineDescription(project, first, grouping),
        hoursHundredths,
        rateCents,
        amountCents: lineAmountCents(hoursHundredths, rateCents),
        unit: 'HUR',
        firstDay: first.date.slice(0, 10),
        ...(grouping === 'task' ? { task: first.task } : {}),
        ...(grouping === 'entry' ? { entryId: first.activityId } : {}),
      });
    }
  }
  // A stable sort: lines of one day keep the projects' order (by name) and the tasks' first use.
  lines.sort((a, b) => (a.firstDay ?? '').localeCompare(b.firstDay ?? ''));
  return { lines, entries };
}

/** Whether an entry is free to bill: on no invoice, or on one that was voided or deleted. */
async function freeFilter(userId: string, entries: TimeActivityRecord[]) {
  const referenced = [...new Set(entries.map((e) => e.invoiceId).filter((id): id is string => !!id))];
  const gone = new Set<string>();
  for (const id of referenced) {
    const invoice = await getInvoice(userId, id);
    if (!invoice || invoice.status === 'void') gone.add(id);
  }
  return (e: TimeActivityRecord) => !e.invoiceId || gone.has(e.invoiceId);
}

/**
 * The client's projects (by name) and their free billable entries in the period, oldest first. An
 * index read may trail the table; the claims' version conditions (`createDraft`) catch that.
 */
async function candidates(user: UserRecord, input: InvoiceCreate) {
  const projects = (await listProjects(user._id))
    .filter((p) => p.clientId === input.clientId)
    .sort((a, b) => a.name.localeCompare(b.name) || a.projectId.localeCompare(b.projectId));
  const billable = await listBillableEntries(
    user._id,
    projects.map((p) => p.projectId),
    input.startdate,
    input.enddate,
  );
  const free = await freeFilter(user._id, billable);
  // Entries shorter than the user's minimum (a stray timer of 15 seconds) are not billed.
  const minimumMs = (user.minimumEntrySeconds ?? 0) * 1000;
  const byProject = new Map<string, TimeActivityRecord[]>();
  for (const e of billable.filter((e) => free(e) && e.duration >= minimumMs))
    byProject.set(e.projectId, [...(byProject.get(e.projectId) ?? []), e]);
  for (const own of byProject.values()) {
    own.sort((a, b) => a.date.localeCompare(b.date) || a.activityId.localeCompare(b.activityId));
  }
  const expenses = input.includeExpenses
    ? await freeExpenses(
        user._id,
        projects.map((p) => p.projectId),
        input.startdate,
        input.enddate,
      )
    : [];
  return { projects, byProject, expenses };
}

function draftRecord(user: UserRecord, input: InvoiceCreate, client: InvoiceRecord['client'], now: Date) {
  return (lines: InvoiceLineRecord[], entries: Entry[], expenseIds: string[]): InvoiceRecord => {
    const taxRateHundredths = input.taxRate ?? 0;
    const reverseCharge = input.reverseCharge ?? false;
    return {
      invoiceId: ulid(now.getTime()),
      userId: user._id,
      status: 'draft',
      number: null,
      clientId: input.clientId,
      client,
      startdate: input.startdate,
      enddate: input.enddate,
      currency: user.currency,
      lines,
      ...invoiceTotals(
        lines.map((l) => l.amountCents),
        taxRateHundredths,
        reverseCharge,
      ),
      taxRateHundredths,
      reverseCharge,
      notes: input.notes ?? '',
      entryCount: entries.length,
      entryIds: entries.map((e) => e.entryId),
      ...(expenseIds.length > 0 ? { expenseIds } : {}),
      createdAt: now.toISOString(),
      sentAt: null,
      paidDate: null,
      voidedAt: null,
      issuer: null,
    };
  };
}

/** The draft the request asks for, from a fresh read; 400 `NOTHING_TO_INVOICE` when it bills nothing. */
async function buildDraft(
  user: UserRecord,
  input: InvoiceCreate,
  client: InvoiceRecord['client'],
  now: Date,
) {
  const { projects, byProject, expenses } = await candidates(user, input);
  const { lines, entries } = linesOf(projects, byProject, roundingOf(user), input.lineGrouping);
  if (entries.length === 0 && expenses.length === 0) throw new ValidationError('NOTHING_TO_INVOICE');
  if (entries.length > MAX_INVOICE_ENTRIES) {
    throw new ValidationError('INVOICE_TOO_LARGE', { values: { max: MAX_INVOICE_ENTRIES } });
  }
  // Re-billed expenses are lines too, in date order with the time (a day's time first).
  const all = [...lines, ...expenses.map(expenseLine)].sort((a, b) =>
    (a.firstDay ?? '').localeCompare(b.firstDay ?? ''),
  );
  const expenseIds = expenses.map((e) => e.activityId);
  return {
    record: draftRecord(user, input, client, now)(all, entries, expenseIds),
    entries,
    expenses: expenses.map(expenseClaim),
  };
}

/**
 * `POST /api/invoices`: the draft, or 400 `NOTHING_TO_INVOICE`; an unknown client is a 404. With
 * `dryRun` the same invoice is answered and nothing is stored (the app's preview).
 */
export async function createInvoiceDraft(
  user: UserRecord,
  input: InvoiceCreate,
  options: { dryRun?: boolean; now?: Date } = {},
): Promise<Invoice> {
  const now = options.now ?? new Date();
  const client = await getClient(user._id, input.clientId);
  if (!client) throw new NotFoundError('CLIENT_NOT_FOUND');
  const copy = clientCopy(client);
  const smallBusiness = await isSmallBusiness(user._id);
  if (options.dryRun) return toInvoice((await buildDraft(user, input, copy, now)).record, smallBusiness);
  const holder = ulid();
  await acquireInvoiceLease(user._id, holder);
  try {
    // An entry edited between the read and its claim: read again (the edit has landed by then).
    return await retrying(
      DRAFT_RETRY,
      async () => {
        const { record, entries, expenses } = await buildDraft(user, input, copy, now);
        const created = await createDraft(record, entries, expenses);
        return created === 'created' ? toInvoice(record, smallBusiness) : AGAIN;
      },
      () => new WriteConflictError(),
    );
  } finally {
    await releaseInvoiceLease(user._id, holder);
  }
}
