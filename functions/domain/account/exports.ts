import type { RecurringExpense } from '../../../contract/recurring';
import type {
  Client,
  FinanceActivity,
  Invoice,
  InvoiceSettings,
  Project,
  TimeActivity,
  TimerState,
} from '../../../contract/responses';
import type { ApiToken } from '../../../contract/security';
import { listInvoices } from '../../data/billing/invoices';
import { type PublicUser, toPublicUser, type UserRecord } from '../../data/identity/users';
import { isScanKey } from '../../data/tracking/activity-scan';
import { FINANCE_KIND } from '../../data/tracking/finance-activities';
import { listProjects } from '../../data/tracking/projects';
import { TIME_KIND } from '../../data/tracking/time-activities';
import { ValidationError } from '../../lib/errors';
import { listUserClients } from '../billing/clients';
import { readInvoiceSettings } from '../billing/invoices/settings';
import { isSmallBusiness, toInvoice } from '../billing/invoices/view';
import { listUserApiTokens } from '../identity/api-tokens';
import {
  decodeExportCursor,
  encodeExportCursor,
  escapedBytes,
  PAGE_BUDGET_BYTES,
  pageClock,
  readPage,
} from '../tracking/export-pages';
import { projectViews } from '../tracking/project-views';
import { listUserRecurringExpenses } from '../tracking/recurring/rules';
import { toFinanceActivity, toTimeActivity } from '../tracking/responses';
import { getTimerState } from '../tracking/timer';

/**
 * `GET /api/exportuserdata` in pages, so an account of any size gets all its data out within
 * Lambda's 6 MB response (and API Gateway's 10 MB and 30 s). Every page has the export's shape;
 * the first carries the user and the projects, and each carries the next run of time activities,
 * then of finance activities, up to the page budget (measured as Lambda escapes the body). While
 * more follows, `x-next-cursor` holds the `cursor` of the next page: concatenating the pages'
 * `timeActivities` and `financeActivities` gives the whole export. What an account holds besides
 * its entries (projects, invoices, clients, the invoice issuer's details, the running timer, the
 * API tokens' names — never the tokens) is few and comes whole on the first page.
 */
export interface UserExport {
  user: PublicUser;
  projects: Project[];
  timeActivities: TimeActivity[];
  financeActivities: FinanceActivity[];
  /** Every invoice (on the first page: invoices are few). */
  invoices: Invoice[];
  clients: Client[];
  /** The issuer's details on invoices (first page; null on the others). */
  invoiceSettings: InvoiceSettings | null;
  /** The running timer (first page; null on the others). */
  timer: TimerState | null;
  apiTokens: ApiToken[];
  /** Every recurring-expense rule (first page; empty on the others). */
  recurringExpenses: RecurringExpense[];
  exportedAt: string;
}

const SECTIONS = [TIME_KIND.sortPrefix, FINANCE_KIND.sortPrefix];
/** Each entry's bytes in the page: itself escaped, plus its comma. */
const entryBytes = (entry: unknown) => escapedBytes(JSON.stringify(entry)) + 1;

/** What the first page carries besides entries, read at once. */
async function firstPageParts(user: UserRecord, projects: Awaited<ReturnType<typeof listProjects>>) {
  const [views, invoices, smallBusiness, clients, invoiceSettings, timer, apiTokens, recurringExpenses] =
    await Promise.all([
      projectViews(projects),
      listInvoices(user._id),
      isSmallBusiness(user._id),
      listUserClients(user),
      readInvoiceSettings(user),
      getTimerState(user),
      listUserApiTokens(user),
      listUserRecurringExpenses(user),
    ]);
  return {
    projects: views,
    invoices: invoices.map((invoice) => toInvoice(invoice, smallBusiness)),
    clients,
    invoiceSettings,
    timer,
    apiTokens,
    recurringExpenses,
  };
}

/** One page from `cursorText` on; `remainingMs` is the function's time left (see `PageClock`). */
export async function exportUserDataPage(
  user: UserRecord,
  cursorText: string | undefined,
  options: { remainingMs: number; now?: number },
): Promise<{ data: UserExport; nextCursor?: string }> {
  const now = options.now ?? Date.now();
  const clock = pageClock(now, options.remainingMs);
  const scope = { userId: user._id };
  let section = TIME_KIND.sortPrefix;
  let after: Record<string, string> | undefined;
  if (cursorText !== undefined) {
    const cursor = decodeExportCursor(cursorText);
    if (
      !cursor ||
      !SECTIONS.includes(cursor.s) ||
      (cursor.k !== undefined && !isScanKey(cursor.k, cursor.s, scope))
    ) {
      throw new ValidationError('INVALID_CURSOR', { param: 'cursor' });
    }
    section = cursor.s;
    after = cursor.k;
  }
  // Live projects only: a project being deleted, and whatever of it is still stored, is left out.
  const projects = await listProjects(user._id);
  const first = cursorText === undefined ? await firstPageParts(user, projects) : undefined;
  const live = new Set(projects.map((p) => p.projectId));
  const keep = (record: { projectId: string }) => live.has(record.projectId);
  const data: UserExport = {
    user: toPublicUser(user),
    projects: first?.projects ?? [],
    timeActivities: [],
    financeActivities: [],
    invoices: first?.invoices ?? [],
    clients: first?.clients ?? [],
    invoiceSettings: first?.invoiceSettings ?? null,
    timer: first?.timer ?? null,
    apiTokens: first?.apiTokens ?? [],
    recurringExpenses: first?.recurringExpenses ?? [],
    exportedAt: new Date(now).toISOString(),
  };
  const budget = { bytes: PAGE_BUDGET_BYTES, clock, usedBytes: escapedBytes(JSON.stringify(data)) };
  const cursorOf = (s: string, k?: Record<string, string>) => encodeExportCursor({ s, ...(k ? { k } : {}) });
  if (section === TIME_KIND.sortPrefix) {
    const page = await readPage(TIME_KIND, scope, after, budget, toTimeActivity, entryBytes, keep);
    data.timeActivities = page.items;
    if (page.more) return { data, nextCursor: cursorOf(section, page.next) };
    budget.usedBytes = page.used;
    after = undefined;
    // The finance entries start on the next page when this one is full.
    if (page.used >= PAGE_BUDGET_BYTES / 2 || Date.now() >= clock.endsAt) {
      return { data, nextCursor: cursorOf(FINANCE_KIND.sortPrefix) };
    }
  }
  const page = await readPage(FINANCE_KIND, scope, after, budget, toFinanceActivity, entryBytes, keep);
  data.financeActivities = page.items;
  return { data, ...(page.more ? { nextCursor: cursorOf(FINANCE_KIND.sortPrefix, page.next) } : {}) };
}
