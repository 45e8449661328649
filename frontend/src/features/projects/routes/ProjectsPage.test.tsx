import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth';
import { fakeApi, renderScreen } from '@/test/render';
import type { Project } from '../api/get-projects';
import { ProjectsPage } from './ProjectsPage';

const project = (id: string, name: string, totals: Partial<Project> = {}): Project => ({
  _id: id,
  userId: 'u1',
  name,
  description: '',
  enableEmbedding: false,
  totalHours: 0,
  totalIncome: 0,
  totalExpenses: 0,
  ...totals,
  // The server's figure: income minus expenses, in cents.
  profitLoss:
    (Math.round((totals.totalIncome ?? 0) * 100) - Math.round((totals.totalExpenses ?? 0) * 100)) / 100,
  hourlyRate: totals.hourlyRate ?? null,
  trackedValue: totals.trackedValue ?? null,
  budget: totals.budget ?? null,
  targetHourlyRate: totals.targetHourlyRate ?? null,
  budgetUsed: totals.budgetUsed ?? null,
  budgetPercent: totals.budgetPercent ?? null,
  rateFloor: totals.rateFloor ?? { earnedPerHour: null, hoursLeft: null },
  clientId: totals.clientId ?? null,
  billableByDefault: totals.billableByDefault ?? true,
  createdAt: '2026-01-01T00:00:00.000Z',
});

function setup() {
  localStorage.setItem('token', 'tok');
  let projects = [
    project('p1', 'Website', { totalHours: 90 * 60_000 + 59_999, totalIncome: 1000, totalExpenses: 1000.01 }),
    project('p2', 'Blog'),
  ];
  return fakeApi({
    'GET /api/auth': {
      body: { _id: 'u1', name: 'Ada', premium: false, currency: 'USD', numberFormat: 'en-US' },
    },
    'GET /api/projects': () => ({ body: projects }),
    'DELETE /api/projects/p1': () => {
      projects = projects.filter((p) => p._id !== 'p1');
      return { body: {} };
    },
  });
}

const renderPage = () =>
  renderScreen(
    <AuthProvider>
      <ProjectsPage />
    </AuthProvider>,
  );

describe('the projects page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists each project with hours (hh:mm), income, expenses and profit/loss in the user's currency", async () => {
    setup();
    renderPage();
    const row = (await screen.findByRole('link', { name: 'Website' })).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('$1,000.00')).toBeInTheDocument());
    expect(within(row).getByText('01:30')).toBeInTheDocument();
    expect(within(row).getByText('-$1,000.01')).toBeInTheDocument();
    expect(within(row).getByText('-$0.01')).toHaveClass('negative');
    const names = screen.getAllByRole('rowheader').map((h) => h.textContent);
    expect(names).toEqual(['Blog', 'Website']);
  });

  it('deletes a project only after the confirmation', async () => {
    const api = setup();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('link', { name: 'Website' });

    await user.click(screen.getByRole('button', { name: /^Delete\s*Website$/ }));
    expect(screen.getByText('Are you sure you want to delete this?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Okay' }));

    await waitFor(() => expect(screen.queryByRole('link', { name: 'Website' })).not.toBeInTheDocument());
    expect(api.writes()).toEqual([{ method: 'DELETE', path: '/api/projects/p1', body: undefined }]);
  });

  it("opens 'Create project' from the floating add button", async () => {
    setup();
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Add project' }));
    expect(screen.getByRole('heading', { name: 'Create project' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('heading', { name: 'Create project' })).not.toBeInTheDocument();
  });
});
