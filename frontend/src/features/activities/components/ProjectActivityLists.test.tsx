import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth';
import { fakeApi, renderScreen } from '@/test/render';
import type { TimeActivity } from '../api/entries';
import { ProjectActivityLists } from './ProjectActivityLists';

const entry = (i: number): TimeActivity => ({
  _id: `t${i}`,
  user: 'u1',
  projectId: 'p1',
  activity: `Task ${i}`,
  description: '',
  invoiceId: null,
  date: `2026-03-${String(20 - i).padStart(2, '0')}T00:00:00.000Z`,
  startTime: null,
  endTime: null,
  duration: i * 60_000,
  billable: true,
  tags: [],
});

const renderLists = () =>
  renderScreen(
    <AuthProvider>
      <ProjectActivityLists projectId="p1" />
    </AuthProvider>,
  );

describe("a project's activity lists", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('show the first 4 rows, then one more at a time, each linking to its edit screen', async () => {
    fakeApi({
      'GET /api/timeactivities/p1': { body: [1, 2, 3, 4, 5, 6].map(entry) },
      'GET /api/financeactivities/p1': { body: [] },
    });
    const user = userEvent.setup();
    renderLists();
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Task/ })).toHaveLength(4));
    expect(screen.getByRole('link', { name: /Task 1/ })).toHaveAttribute('href', '/timeactivity/t1');

    await user.click(screen.getAllByRole('button', { name: 'Show more' })[0]!);
    expect(screen.getAllByRole('link', { name: /Task/ })).toHaveLength(5);
    await user.click(screen.getAllByRole('button', { name: 'Show more' })[0]!);
    expect(screen.getAllByRole('link', { name: /Task/ })).toHaveLength(6);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('shows expenses negated and deletes an entry only after the confirmation', async () => {
    const api = fakeApi({
      'GET /api/timeactivities/p1': { body: [] },
      'GET /api/financeactivities/p1': {
        body: [
          {
            _id: 'f1',
            user: 'u1',
            projectId: 'p1',
            activity: 'Software',
            description: '',
            date: '2026-03-01T00:00:00.000Z',
            amount: 12.5,
            expense: true,
            notes: '',
          },
        ],
      },
      'DELETE /api/financeActivities/f1': { body: {} },
    });
    const user = userEvent.setup();
    renderLists();
    expect(await screen.findByRole('link', { name: /Software/ })).toHaveTextContent('-€12.50');

    await user.click(screen.getByRole('button', { name: /Delete/ }));
    expect(screen.getByText('Are you sure you want to delete this?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.writes()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /Delete/ }));
    await user.click(screen.getByRole('button', { name: 'Okay' }));
    await waitFor(() =>
      expect(api.writes()).toEqual([
        { method: 'DELETE', path: '/api/financeActivities/f1', body: undefined },
      ]),
    );
  });
});
