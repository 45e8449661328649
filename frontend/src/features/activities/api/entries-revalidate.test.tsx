import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import useSWR, { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { client, fetcher } from '@/lib/api-client';
import { fakeApi } from '@/test/render';
import { FINANCE_ENTRIES, TIME_ENTRIES, useCreateEntry, useDeleteEntry, useUpdateEntry } from './entries';

const P1 = '01J00000000000000000000001';
const P2 = '01J00000000000000000000002';

/** The answers the screens keep while an entry is written: each key is asked for by a hook below. */
const KEPT = {
  projects: client.url('listProjects'),
  chart: client.url('getTimeTrackedChart', { query: { startdate: '2026-01-01', enddate: '2026-01-31' } }),
  grid: client.url('getTimePerTaskGrid', { query: { projectid: P1 } }),
  taxReport: client.url('getTaxReport', { query: { year: 2026, period: 'q1', basis: 'cash' } }),
  p1Times: client.url('listTimeActivities', { path: { projectId: P1 } }),
  p2Times: client.url('listTimeActivities', { path: { projectId: P2 } }),
  p1Money: client.url('listFinanceActivities', { path: { projectId: P1 } }),
  user: client.url('getCurrentUser'),
  clients: client.url('listClients'),
};

const entry = { _id: '01J0000000000000000000000E', projectId: P1 };

function setup() {
  const api = fakeApi({
    'GET /api/projects': { body: [] },
    'GET /api/projecttimetrackedchart': { body: { labels: [], datasets: [] } },
    'GET /api/projecttimepertaskgrid': { body: [] },
    'GET /api/taxreport': { body: {} },
    [`GET /api/timeactivities/${P1}`]: { body: [] },
    [`GET /api/timeactivities/${P2}`]: { body: [] },
    [`GET /api/financeactivities/${P1}`]: { body: [] },
    'GET /api/auth': { body: { _id: 'u1' } },
    'GET /api/clients': { body: [] },
    'POST /api/timeactivities': { status: 201, body: entry },
    [`PUT /api/timeActivities/${entry._id}`]: { body: { ...entry, projectId: P2 } },
    'POST /api/financeactivities': { status: 201, body: entry },
    [`DELETE /api/financeActivities/${entry._id}`]: { body: { msg: 'deleted', _id: entry._id } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      {Object.values(KEPT).map((url) => (
        <Keep key={url} url={url} />
      ))}
      {children}
    </SWRConfig>
  );
  const gets = (key: string) => api.calls.filter((c) => c.method === 'GET' && c.path === key).length;
  return { api, wrapper, gets };
}

/** A screen's part that keeps the answer of `url` (as the screens would). */
function Keep({ url }: { url: string }) {
  useSWR(url, fetcher);
  return null;
}

/** Mounts the write hooks beside a keeper of each answer; waits for each first answer. */
async function mounted(
  wrapper: (props: { children: ReactNode }) => ReactNode,
  gets: (key: string) => number,
) {
  const hook = renderHook(
    () => ({
      createTime: useCreateEntry(TIME_ENTRIES),
      updateTime: useUpdateEntry(TIME_ENTRIES),
      createMoney: useCreateEntry(FINANCE_ENTRIES),
      deleteMoney: useDeleteEntry(FINANCE_ENTRIES),
    }),
    { wrapper },
  );
  await waitFor(() => {
    for (const key of Object.values(KEPT)) expect(gets(key), key).toBe(1);
  });
  return hook;
}

afterEach(() => vi.unstubAllGlobals());

describe('after an entry is written, the app asks again for what the contract says it made stale', () => {
  it('a time entry: the projects list, the charts, grids and tax report, and that project’s times — not the rest', async () => {
    const { wrapper, gets } = setup();
    const { result } = await mounted(wrapper, gets);
    await act(() =>
      result.current.createTime({ ...entry, activity: 'Design' } as Parameters<
        typeof result.current.createTime
      >[0]),
    );
    await waitFor(() => {
      for (const key of [KEPT.projects, KEPT.chart, KEPT.grid, KEPT.taxReport, KEPT.p1Times]) {
        expect(gets(key), key).toBe(2);
      }
    });
    for (const key of [KEPT.p2Times, KEPT.p1Money, KEPT.user, KEPT.clients]) expect(gets(key), key).toBe(1);
  });

  it('a time entry moved between projects: both projects’ times', async () => {
    const { wrapper, gets } = setup();
    const { result } = await mounted(wrapper, gets);
    await act(() =>
      result.current.updateTime(
        entry._id,
        { projectId: P2 } as Parameters<typeof result.current.updateTime>[1],
        P1,
      ),
    );
    await waitFor(() => {
      for (const key of [KEPT.projects, KEPT.chart, KEPT.p1Times, KEPT.p2Times])
        expect(gets(key), key).toBe(2);
    });
    expect(gets(KEPT.p1Money)).toBe(1);
  });

  it('an expense added or deleted: the figures and that project’s money list — not its times', async () => {
    const { wrapper, gets } = setup();
    const { result } = await mounted(wrapper, gets);
    await act(() =>
      result.current.createMoney({ ...entry, amount: 12.5 } as Parameters<
        typeof result.current.createMoney
      >[0]),
    );
    await waitFor(() => {
      for (const key of [KEPT.projects, KEPT.chart, KEPT.taxReport, KEPT.p1Money])
        expect(gets(key), key).toBe(2);
    });
    await act(() => result.current.deleteMoney(entry._id, P1));
    await waitFor(() => {
      for (const key of [KEPT.projects, KEPT.chart, KEPT.p1Money]) expect(gets(key), key).toBe(3);
    });
    for (const key of [KEPT.p1Times, KEPT.p2Times, KEPT.user]) expect(gets(key), key).toBe(1);
  });
});
