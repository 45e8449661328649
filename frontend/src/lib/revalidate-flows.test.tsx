import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import useSWR, { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUpdateInvoice } from '@/features/invoices/api/invoices';
import { useDeleteProject } from '@/features/projects/api/delete-project';
import { useUpdateUserSettings } from '@/features/settings/api/update-user-settings';
import { fakeApi } from '@/test/render';
import { client, fetcher } from './api-client';

const P1 = '01J00000000000000000000001';
const INVOICE = '01J0000000000000000000000I';

/** Answers the screens keep, one of each kind a write may or may not make stale. */
const KEPT = {
  user: client.url('getCurrentUser'),
  projects: client.url('listProjects'),
  chart: client.url('getTimePerProjectChart', { query: { startdate: '2026-01-01', enddate: '2026-03-31' } }),
  report: `${client.url('getReport')}?enddate=2026-01-31&groupby=project&startdate=2026-01-01`,
  taxReport: client.url('getTaxReport', { query: { year: 2026, period: 'q1', basis: 'cash' } }),
  timesheet: client.url('listTimesheet', { query: { startdate: '2026-01-05', enddate: '2026-01-11' } }),
  times: client.url('listTimeActivities', { path: { projectId: P1 } }),
  money: client.url('listFinanceActivities', { path: { projectId: P1 } }),
  invoices: client.url('listInvoices'),
  invoice: client.url('getInvoice', { path: { id: INVOICE } }),
  clients: client.url('listClients'),
  recurring: client.url('listRecurringExpenses'),
  tokens: client.url('listApiTokens'),
};
type Kept = keyof typeof KEPT;

function Keep({ url }: { url: string }) {
  useSWR(url, fetcher);
  return null;
}

/** The write hooks beside a keeper of every answer above, each answered once before the write. */
async function mounted() {
  const gets = Object.fromEntries(
    Object.values(KEPT).map((url) => [`GET ${url.split('?')[0]}`, { body: url.includes('auth') ? {} : [] }]),
  );
  const api = fakeApi({
    ...gets,
    [`PUT /api/invoices/${INVOICE}`]: { body: { _id: INVOICE, status: 'paid' } },
    [`DELETE /api/projects/${P1}`]: { body: { msg: 'deleted', _id: P1, removedActivities: 3 } },
    'POST /api/usersettings': { body: { _id: 'u1', vatBasis: 'accrual' } },
  });
  const count = (name: Kept) => api.calls.filter((c) => c.method === 'GET' && c.path === KEPT[name]).length;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      {Object.values(KEPT).map((url) => (
        <Keep key={url} url={url} />
      ))}
      {children}
    </SWRConfig>
  );
  const hook = renderHook(
    () => ({
      updateInvoice: useUpdateInvoice(),
      deleteProject: useDeleteProject(),
      updateSettings: useUpdateUserSettings(),
    }),
    { wrapper },
  );
  await waitFor(() => {
    for (const name of Object.keys(KEPT) as Kept[]) expect(count(name), name).toBe(1);
  });
  /** After the write: the named answers were asked for again, every other one was not. */
  const expectRefetched = async (stale: Kept[]) => {
    await waitFor(() => {
      for (const name of stale) expect(count(name), name).toBe(2);
    });
    const fresh = (Object.keys(KEPT) as Kept[]).filter((name) => !stale.includes(name));
    for (const name of fresh) expect(count(name), name).toBe(1);
  };
  return { result: hook.result, expectRefetched };
}

afterEach(() => vi.unstubAllGlobals());

describe('after a write, the app asks again for what its endpoint says it made stale (issue 33)', () => {
  it('an invoice marked paid: the invoices, every entry list and figure — not the account, clients or tokens', async () => {
    const { result, expectRefetched } = await mounted();
    await act(() => result.current.updateInvoice(INVOICE, { status: 'paid', paidDate: '2026-01-20' }));
    await expectRefetched([
      'projects',
      'chart',
      'report',
      'taxReport',
      'timesheet',
      'times',
      'money',
      'invoices',
      'invoice',
    ]);
  });

  it('a project deleted: its entries’ figures and lists, and the recurring rules that went with it', async () => {
    const { result, expectRefetched } = await mounted();
    await act(() => result.current.deleteProject(P1));
    await expectRefetched([
      'projects',
      'chart',
      'report',
      'taxReport',
      'timesheet',
      'times',
      'money',
      'recurring',
    ]);
  });

  it('settings saved: the reports they change; the user is the answer itself, asked for no more', async () => {
    const { result, expectRefetched } = await mounted();
    await act(() => result.current.updateSettings({ vatBasis: 'accrual' }));
    await expectRefetched(['report', 'taxReport']);
  });
});
