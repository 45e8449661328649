import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth';
import { makeProject } from '@/test/fixtures';
import { fakeApi, renderScreen } from '@/test/render';
import type { Project } from './api/get-projects';
import { BudgetOverview } from './components/BudgetOverview';
import { ProjectDetailsPage } from './routes/ProjectDetailsPage';

const H = 3_600_000;
const base: Project = makeProject({ totalHours: 8 * H, totalIncome: 1230, profitLoss: 1230 });
const user = {
  _id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  premium: false,
  currency: 'EUR',
  numberFormat: 'en-US',
  enableEmbedding: false,
  showPoweredBy: true,
  hasSeenTutorial: true,
  emailConfirmed: true,
  twoFactor: false,
};

function setup(projects: Project[]) {
  localStorage.setItem('token', 'tok');
  let current = projects;
  return fakeApi({
    'GET /api/auth': { body: user },
    'GET /api/projects': () => ({ body: current }),
    'PUT /api/projects/p1': (call) => {
      current = current.map((p) => (p._id === 'p1' ? { ...p, ...(call.body as Partial<Project>) } : p));
      return { body: current[0] };
    },
  });
}

const details = () =>
  renderScreen(
    <AuthProvider>
      <ProjectDetailsPage />
    </AuthProvider>,
    { path: '/projectdetails/:projectid', route: '/projectdetails/p1' },
  );

afterEach(() => vi.unstubAllGlobals());

describe('budgets and the rate floor on the project details', () => {
  it('shows the budget as a progress bar with its use, and the rate floor in words', async () => {
    setup([
      {
        ...base,
        budget: { kind: 'hours', amount: 10, period: 'monthly' },
        budgetUsed: 8,
        budgetPercent: 80,
        targetHourlyRate: 60,
        rateFloor: { earnedPerHour: 153.75, hoursLeft: 12.5 },
      },
    ]);
    details();

    const bar = await screen.findByRole('progressbar', { name: 'Budget of Website' });
    expect(bar).toHaveAttribute('value', '80');
    expect(screen.getByText('8 h of 10 h used this month (80 %)')).toBeInTheDocument();
    expect(screen.getByText('12 h 30 min left at your €60/h target')).toBeInTheDocument();
  });

  it('says what an hour earns once the project has fallen below its target', async () => {
    setup([
      {
        ...base,
        budget: { kind: 'money', amount: 1000, period: 'total' },
        hourlyRate: 50,
        budgetUsed: 1250.5,
        budgetPercent: 125,
        targetHourlyRate: 60,
        rateFloor: { earnedPerHour: 45.5, hoursLeft: 0 },
      },
    ]);
    details();

    expect(await screen.findByText('€1,250.50 of €1,000 used (125 %)')).toBeInTheDocument();
    expect(screen.getByText('Earning €45.50/h, below your €60/h target')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Budget of Website' })).toHaveAttribute('value', '100');
  });

  it('gives no verdict on the target until the project has both hours and income (issue 34, item 2)', async () => {
    // A brand-new project, then one with hours and no income: the API's hoursLeft is 0 for both.
    for (const [totalHours, totalIncome] of [
      [0, 0],
      [3 * H, 0],
    ] as const) {
      setup([
        {
          ...base,
          totalHours,
          totalIncome,
          profitLoss: 0,
          targetHourlyRate: 80,
          rateFloor: { earnedPerHour: totalHours ? 0 : null, hoursLeft: 0 },
        },
      ]);
      const { unmount } = details();

      expect(
        await screen.findByText('Your €80/h target is measured once the project has both hours and income'),
      ).toBeInTheDocument();
      expect(screen.queryByText(/No hours left|below your/)).not.toBeInTheDocument();
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it('saves a monthly hours budget and a target rate typed with a comma', async () => {
    const api = setup([base]);
    const u = userEvent.setup();
    details();
    const form = await screen.findByRole('form', { name: 'Budget and target rate' });

    await u.selectOptions(within(form).getByLabelText('Budget'), 'hours');
    await u.type(within(form).getByLabelText('Budget in hours'), '40');
    await u.type(within(form).getByLabelText('Target hourly rate'), '62,50');
    await u.click(within(form).getByRole('button', { name: 'Save budget' }));

    expect(await screen.findByText('The budget has been saved.')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      {
        method: 'PUT',
        path: '/api/projects/p1',
        body: { budget: { kind: 'hours', amount: 40, period: 'monthly' }, targetHourlyRate: 62.5 },
      },
    ]);
  });

  it('refuses a budget of 0 or with more than 2 decimals and sends nothing', async () => {
    const api = setup([base]);
    const u = userEvent.setup();
    details();
    const form = await screen.findByRole('form', { name: 'Budget and target rate' });
    await u.selectOptions(within(form).getByLabelText('Budget'), 'money');

    for (const amount of ['0', '10.005']) {
      await u.clear(within(form).getByLabelText('Budget amount'));
      await u.type(within(form).getByLabelText('Budget amount'), amount);
      await u.click(within(form).getByRole('button', { name: 'Save budget' }));
      expect(await within(form).findByText(/greater than 0 with at most 2 decimals/)).toBeInTheDocument();
    }
    expect(api.writes()).toEqual([]);
  });
});

describe('the budgets on the dashboard', () => {
  it('lists projects over 80 % or below their target first, then by how much is used', async () => {
    setup([
      {
        ...base,
        _id: 'a',
        name: 'Calm',
        budget: { kind: 'hours', amount: 10, period: 'total' },
        budgetUsed: 5,
        budgetPercent: 50,
      },
      { ...base, _id: 'b', name: 'No budget' },
      {
        ...base,
        _id: 'c',
        name: 'Cheap',
        targetHourlyRate: 100,
        rateFloor: { earnedPerHour: 40, hoursLeft: 0 },
      },
      {
        ...base,
        _id: 'd',
        name: 'Hot',
        budget: { kind: 'hours', amount: 10, period: 'total' },
        budgetUsed: 8.5,
        budgetPercent: 85,
      },
    ]);
    renderScreen(
      <AuthProvider>
        <BudgetOverview />
      </AuthProvider>,
    );

    const section = await screen.findByRole('region', { name: 'Budgets' });
    await waitFor(() => expect(within(section).getAllByRole('link')).toHaveLength(3));
    expect(
      within(section)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Hot', 'Cheap', 'Calm']);
  });
});
