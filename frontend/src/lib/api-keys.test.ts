import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiInvalidations } from '@contract/client';
import type { ReadName, WriteName } from '@contract/endpoints';
import { beforeAll, describe, expect, it } from 'vitest';
import { client } from './api-client';
import { invalidatedBy, isKeyOf, isStaleAfter, loadStaleReads, type StaleScope } from './api-keys';

const P1 = '01J00000000000000000000001';
const P2 = '01J00000000000000000000002';
const INVOICE = '01J0000000000000000000000I';

/**
 * A cache holding an answer of every read the app keeps, as the app makes their keys: paged lists
 * under SWR's `$inf$` key, the entry lists of two projects, queries as the screens send them.
 */
const CACHE: [ReadName, string][] = [
  ['getCurrentUser', client.url('getCurrentUser')],
  ['listProjects', client.url('listProjects')],
  ['getProjectTaskList', client.url('getProjectTaskList')],
  ['getProjectFinanceTaskList', client.url('getProjectFinanceTaskList')],
  ['getTimeTrackedChart', client.url('getTimeTrackedChart', { query: { startdate: '2026-01-01' } })],
  ['getProfitLossChart', client.url('getProfitLossChart', { query: { projectid: P1 } })],
  ['getProfitLossPerHourChart', client.url('getProfitLossPerHourChart', { query: { projectid: P1 } })],
  ['getTimePerTaskChart', client.url('getTimePerTaskChart')],
  ['getTimePerProjectChart', client.url('getTimePerProjectChart')],
  ['getTotalTimeTrackedChart', client.url('getTotalTimeTrackedChart')],
  ['getTimePerTaskGrid', client.url('getTimePerTaskGrid', { query: { projectid: P1 } })],
  ['getTimePerSubtaskGrid', client.url('getTimePerSubtaskGrid', { query: { projectid: P1 } })],
  ['getTags', client.url('getTags')],
  ['getReport', `${client.url('getReport')}?enddate=2026-01-31&groupby=project&startdate=2026-01-01`],
  ['getTaxReport', client.url('getTaxReport', { query: { year: 2026, period: 'q2', basis: 'cash' } })],
  ['listTimesheet', `$inf$${client.url('listTimesheet', { query: { startdate: '2026-01-01' } })}`],
  ['listTimeActivities', `$inf$${client.url('listTimeActivities', { path: { projectId: P1 } })}`],
  ['listTimeActivities', `$inf$${client.url('listTimeActivities', { path: { projectId: P2 } })}`],
  ['listFinanceActivities', `$inf$${client.url('listFinanceActivities', { path: { projectId: P1 } })}`],
  ['listFinanceActivities', `$inf$${client.url('listFinanceActivities', { path: { projectId: P2 } })}`],
  ['getTimer', client.url('getTimer')],
  ['listInvoices', client.url('listInvoices')],
  ['getInvoice', client.url('getInvoice', { path: { id: INVOICE } })],
  ['getInvoiceSettings', client.url('getInvoiceSettings')],
  ['listClients', client.url('listClients')],
  ['listApiTokens', client.url('listApiTokens')],
  ['listRecurringExpenses', client.url('listRecurringExpenses')],
];

const keyOf = (name: ReadName, projectId?: string) =>
  CACHE.filter(([n, key]) => n === name && (!projectId || key.includes(projectId))).map(([, key]) => key);

/** What release 3's hand-kept lists (`api-keys.ts` before issue 33) called stale after an entry changed. */
const DERIVED_FROM_ENTRIES: ReadName[] = [
  'listProjects',
  'getProjectTaskList',
  'getProjectFinanceTaskList',
  'getTimeTrackedChart',
  'getProfitLossChart',
  'getProfitLossPerHourChart',
  'getTimePerTaskChart',
  'getTimePerProjectChart',
  'getTotalTimeTrackedChart',
  'getTimePerTaskGrid',
  'getTimePerSubtaskGrid',
  'getTags',
  'getReport',
  'getTaxReport',
];
const derived = () => DERIVED_FROM_ENTRIES.flatMap((name) => keyOf(name));
/** Release 3's `revalidateAfterActivityChange(mutate, [P1])`. */
const activityChange = () => [
  ...derived(),
  ...keyOf('listTimeActivities', P1),
  ...keyOf('listFinanceActivities', P1),
  ...keyOf('listTimesheet'),
  ...keyOf('getTimer'),
];
const allEntryLists = () => [...keyOf('listTimeActivities'), ...keyOf('listFinanceActivities')];

interface Flow {
  write: WriteName;
  /** As the app's call of the write passes it (`revalidateAfter`). */
  scope?: StaleScope;
  /** The keys the app asked again for before issue 33. */
  before: string[];
  /** Keys asked for before and no longer, each with why it was never stale. */
  dropped?: { keys: string[]; why: string };
}

const TIMER_ANSWERED: StaleScope = { only: { projectId: [P1] }, fresh: ['getTimer'] };
const USER_ANSWERED: StaleScope = { fresh: ['getCurrentUser'] };
const ON_P1: StaleScope = { only: { projectId: [P1] } };
const timeEntryDrop = {
  keys: [...keyOf('listFinanceActivities', P1), ...keyOf('getTimer')],
  why: 'a time entry is in no money list, and writing one leaves the timer as it is',
};
const moneyDrop = {
  keys: [...keyOf('listTimeActivities', P1), ...keyOf('listTimesheet'), ...keyOf('getTimer')],
  why: 'an income or expense is in no time list nor the timesheet, and leaves the timer as it is',
};
const receiptDrop = {
  keys: activityChange().filter((key) => !keyOf('listFinanceActivities', P1).includes(key)),
  why: 'a receipt changes only the money entry that lists it: no figure, no time list, not the timer',
};

/** Every write the app makes, what it refreshed before, and what it no longer does (and why). */
const FLOWS: Flow[] = [
  ...(['createTimeActivity', 'updateTimeActivity', 'deleteTimeActivity'] as const).map((write) => ({
    write,
    scope: ON_P1,
    before: activityChange(),
    dropped: timeEntryDrop,
  })),
  ...(['createFinanceActivity', 'updateFinanceActivity', 'deleteFinanceActivity'] as const).map((write) => ({
    write,
    scope: ON_P1,
    before: activityChange(),
    dropped: moneyDrop,
  })),
  { write: 'createExpenseFromEinvoice', scope: ON_P1, before: activityChange(), dropped: moneyDrop },
  { write: 'createReceipt', scope: ON_P1, before: activityChange(), dropped: receiptDrop },
  { write: 'deleteReceipt', scope: ON_P1, before: activityChange(), dropped: receiptDrop },
  ...(['startTimer', 'stopTimer'] as const).map((write) => ({
    write,
    scope: TIMER_ANSWERED,
    before: activityChange(),
    dropped: {
      keys: [...keyOf('listFinanceActivities', P1), ...keyOf('getTimer')],
      why: 'the timer’s answer is put in the cache as it is; a time entry is in no money list',
    },
  })),
  ...(['createInvoice', 'updateInvoice', 'deleteInvoice'] as const).map((write) => ({
    write,
    before: [
      ...derived(),
      ...keyOf('listTimesheet'),
      ...keyOf('listInvoices'),
      ...keyOf('getInvoice'),
      ...allEntryLists(),
    ],
  })),
  { write: 'emailInvoice', scope: { only: { id: [INVOICE] } }, before: keyOf('getInvoice') },
  { write: 'updateInvoiceSettings', scope: { fresh: ['getInvoiceSettings'] }, before: [] },
  ...(['createRecurringExpense', 'updateRecurringExpense'] as const).map((write) => ({
    write,
    before: [
      ...keyOf('listRecurringExpenses'),
      ...derived(),
      ...keyOf('listTimesheet'),
      ...keyOf('listFinanceActivities'),
    ],
    dropped: { keys: keyOf('listTimesheet'), why: 'a booked expense is in no timesheet' },
  })),
  { write: 'deleteRecurringExpense', before: keyOf('listRecurringExpenses') },
  { write: 'createProject', before: keyOf('listProjects') },
  { write: 'updateProject', before: keyOf('listProjects') },
  { write: 'deleteProject', before: [...derived(), ...keyOf('listTimesheet')] },
  { write: 'createClient', before: keyOf('listClients') },
  { write: 'updateClient', before: keyOf('listClients') },
  { write: 'deleteClient', before: [...keyOf('listClients'), ...keyOf('listProjects')] },
  {
    write: 'importActivities',
    before: CACHE.map(([, key]) => key),
    dropped: {
      keys: (
        [
          'getCurrentUser',
          'getTimer',
          'listInvoices',
          'getInvoice',
          'getInvoiceSettings',
          'listClients',
          'listApiTokens',
          'listRecurringExpenses',
        ] as const
      ).flatMap((name) => keyOf(name)),
      why: 'an import adds projects and entries only (release 3 asked for every answer again)',
    },
  },
  { write: 'createApiToken', before: keyOf('listApiTokens') },
  { write: 'deleteApiToken', before: keyOf('listApiTokens') },
  { write: 'confirmTwoFactor', before: keyOf('getCurrentUser') },
  { write: 'disableTwoFactor', before: keyOf('getCurrentUser') },
  { write: 'changeEmail', before: keyOf('getCurrentUser') },
  { write: 'updateUser', scope: USER_ANSWERED, before: [] },
  // The reports page's rounding asked for its report again; the settings page for nothing.
  { write: 'updateUserSettings', scope: USER_ANSWERED, before: keyOf('getReport') },
];

/**
 * Writes whose answers the app handles without `revalidateAfter`: a session begun or ended clears
 * the whole cache (`use-session.ts`), the timer's answer is put in the cache as it is, and the rest
 * change no answer the app keeps.
 */
const ELSEWHERE: Partial<Record<WriteName, string>> = {
  login: 'a new session: the cache is cleared and the user put in it',
  loginDemo: 'a new session: the cache is cleared and the user put in it',
  registerUser: 'a new session: the cache is cleared and the user put in it',
  logout: 'the session ends: the cache is cleared',
  deleteAccount: 'the session ends: the cache is cleared',
  changePassword: 'the session carries on with the new token; no answer changes',
  pauseTimer: 'its answer is the timer, put in the cache as it is',
  resumeTimer: 'its answer is the timer, put in the cache as it is',
  discardTimer: 'no timer runs: put in the cache as it is',
  claimVoucherCode: 'the subscribe page reloads the user (`refreshUser`)',
  startTwoFactor: 'the secret is not in force until confirmed',
  resendConfirmation: 'a mail; the settings page shows its own notice',
  forgotPassword: 'public: no session, no cache',
  resetPassword: 'public: no session, no cache',
  undoEmailChange: 'public: no session, no cache',
};

const SRC = join(import.meta.dirname, '..');
/** The list the app loads at its first write (`stale-reads.ts`, the build's `__API_INVALIDATES__`). */
let WRITES: ApiInvalidations;
beforeAll(async () => {
  WRITES = await loadStaleReads();
});

const staleKeys = (write: WriteName, scope?: StaleScope) =>
  CACHE.map(([, key]) => key).filter((key) => isStaleAfter(write, key, scope));

describe('cache keys', () => {
  it('are known by their endpoint, whatever their parameters, query or page', () => {
    expect(isKeyOf('/api/projecttimetrackedchart?startdate=2026-01-01', 'getTimeTrackedChart')).toBe(true);
    expect(isKeyOf('$inf$/api/timeactivities?startdate=2026-01-01', 'listTimesheet')).toBe(true);
    expect(isKeyOf(`$inf$/api/timeactivities/${P1}?limit=50`, 'listTimeActivities')).toBe(true);
    expect(isKeyOf(`$inf$/api/timeactivities/${P1}?limit=50`, 'listTimesheet')).toBe(false);
    expect(isKeyOf('/api/timer', 'listTimesheet')).toBe(false);
    expect(isKeyOf(`/api/invoices/${INVOICE}`, 'listInvoices')).toBe(false);
    expect(isKeyOf(['/api/projects', 1], 'listProjects')).toBe(false);
  });
});

describe('what the app asks again for after a write (issue 33)', () => {
  it('is what the write’s endpoint names in the contract, and nothing else', () => {
    for (const [name, key] of CACHE) {
      expect(isStaleAfter('createTimeActivity', key), key).toBe(
        invalidatedBy('createTimeActivity').includes(name),
      );
      expect(isStaleAfter('createApiToken', key), key).toBe(name === 'listApiTokens');
    }
  });

  it('keeps a project’s lists when the write touched other projects, and answers the write put in the cache', () => {
    const stale = staleKeys('updateTimeActivity', { only: { projectId: [P2] } });
    expect(stale).toEqual(
      expect.arrayContaining([...keyOf('listTimeActivities', P2), ...keyOf('listProjects')]),
    );
    expect(stale).not.toContain(keyOf('listTimeActivities', P1)[0]);
    expect(staleKeys('stopTimer', TIMER_ANSWERED)).not.toContain(client.url('getTimer'));
    expect(staleKeys('pauseTimer', TIMER_ANSWERED)).toEqual([]);
  });

  it.each(FLOWS.map((flow) => [flow.write, flow] as const))(
    '%s: every answer refreshed before still is, but those named as never stale',
    (_write, { write, scope, before, dropped }) => {
      const now = staleKeys(write, scope);
      const kept = before.filter((key) => !dropped?.keys.includes(key));
      expect(now).toEqual(expect.arrayContaining(kept));
      // A key named dropped must truly be dropped (or the reason is stale itself).
      for (const key of dropped?.keys ?? [])
        expect(now, `${write} ${key}: ${dropped?.why}`).not.toContain(key);
    },
  );

  it('covers every write the app calls with what it refreshed before', () => {
    const called = new Set<string>();
    for (const file of readdirSync(SRC, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
      const text = readFileSync(join(SRC, file), 'utf8');
      for (const [, name] of text.matchAll(/client\.(?:call|response|page)\(\s*'(\w+)'/g))
        called.add(name ?? '');
      for (const [, name] of text.matchAll(/'(\w+Timer)'/g)) called.add(name ?? '');
    }
    const writes = [...called].filter((name) => name in WRITES).sort();
    expect(writes.length).toBeGreaterThan(40);
    const covered = new Set<string>([...FLOWS.map((flow) => flow.write), ...Object.keys(ELSEWHERE)]);
    expect(writes.filter((name) => !covered.has(name))).toEqual([]);
    expect(new Set(FLOWS.map((flow) => flow.write)).size).toBe(FLOWS.length);
  });
});
