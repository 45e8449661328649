import { describe, expect, it } from 'vitest';
import type { Endpoint } from '../endpoint';
import * as groups from '../stale';
import { ENDPOINTS } from './index';

/**
 * Issue 33: each write names the reads it makes stale (`invalidates`), which the app's cache
 * follows. What is wrong with a set of endpoints' `invalidates`, one line per problem.
 */
function staleProblems(endpoints: Record<string, Endpoint>): string[] {
  const reads = new Set(Object.keys(endpoints).filter((name) => endpoints[name]?.method === 'GET'));
  const problems: string[] = [];
  for (const [name, e] of Object.entries(endpoints)) {
    if (e.method === 'GET') {
      if (e.invalidates !== undefined) problems.push(`${name}: a read names invalidates`);
      continue;
    }
    if (!Array.isArray(e.invalidates)) {
      problems.push(`${name}: a write without invalidates`);
      continue;
    }
    for (const read of e.invalidates) {
      if (!reads.has(read)) problems.push(`${name}: ${read} is no GET endpoint`);
    }
    if (new Set(e.invalidates).size !== e.invalidates.length) problems.push(`${name}: a read named twice`);
    const reason = e.invalidatesNothing;
    if (e.invalidates.length === 0 && !(typeof reason === 'string' && /^[^\n]{10,}$/.test(reason))) {
      problems.push(`${name}: names nothing without a one-line reason`);
    }
    if (e.invalidates.length > 0 && reason !== undefined) {
      problems.push(`${name}: names reads and a reason for naming none`);
    }
  }
  return problems;
}

const endpoints = ENDPOINTS as unknown as Record<string, Endpoint>;
const write = (rest: Partial<Endpoint>): Endpoint => ({
  method: 'POST',
  path: '/api/x',
  summary: 'x',
  auth: true,
  tokenScope: 'write',
  answers: { 200: 'none' },
  ...rest,
});

describe('what writes make stale (issue 33)', () => {
  it('every write names the reads it makes stale, each a GET endpoint, once; no read names any', () => {
    expect(staleProblems(endpoints)).toEqual([]);
  });

  it('are refused when a write names nothing, a write, an unknown name, or nothing without its reason', () => {
    const listProjects = endpoints.listProjects as Endpoint;
    expect(
      staleProblems({
        listProjects,
        missing: write({}),
        typo: write({ invalidates: ['listProjectz'] }),
        aWrite: write({ invalidates: ['missing'] }),
        twice: write({ invalidates: ['listProjects', 'listProjects'] }),
        silent: write({ invalidates: [] }),
        explained: write({ invalidates: [], invalidatesNothing: 'Mails a link; no answer changes' }),
      }),
    ).toEqual([
      'missing: a write without invalidates',
      'typo: listProjectz is no GET endpoint',
      'aWrite: missing is no GET endpoint',
      'twice: a read named twice',
      'silent: names nothing without a one-line reason',
    ]);
  });

  it('name only GET endpoints in the contract’s groups', () => {
    for (const [group, names] of Object.entries(groups)) {
      for (const name of names) expect(endpoints[name]?.method, `${group}: ${name}`).toBe('GET');
    }
  });

  it('say a time entry makes the projects list, the charts and grids, the timesheet and the reports stale', () => {
    for (const name of ['createTimeActivity', 'updateTimeActivity', 'deleteTimeActivity', 'stopTimer']) {
      expect(endpoints[name]?.invalidates, name).toEqual(
        expect.arrayContaining([
          'listProjects',
          'getTimeTrackedChart',
          'getTimePerProjectChart',
          'getTimePerTaskGrid',
          'getProjectTaskList',
          'listTimeActivities',
          'listTimesheet',
          'getTags',
          'getReport',
          'getTaxReport',
        ]),
      );
    }
  });

  it('say an invoice makes the invoices and every entry list stale, and a session the current user', () => {
    for (const name of ['createInvoice', 'updateInvoice', 'deleteInvoice']) {
      expect(endpoints[name]?.invalidates, name).toEqual(
        expect.arrayContaining(['listInvoices', 'getInvoice', 'listTimeActivities', 'listFinanceActivities']),
      );
    }
    for (const name of ['login', 'logout', 'registerUser', 'updateUserSettings', 'claimVoucherCode']) {
      expect(endpoints[name]?.invalidates, name).toContain('getCurrentUser');
    }
  });
});
