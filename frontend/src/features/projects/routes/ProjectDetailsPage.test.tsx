import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/lib/auth';
import { makeProject } from '@/test/fixtures';
import { fakeApi, renderScreen } from '@/test/render';
import type { Project } from '../api/get-projects';
import { ProjectDetailsPage } from './ProjectDetailsPage';

const project: Project = makeProject({
  description: 'Client work',
  totalHours: 5.5 * 3_600_000,
  totalIncome: 1234.56,
  totalExpenses: 0.3,
  profitLoss: 1234.26,
});
const user = {
  _id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  premium: false,
  currency: 'EUR',
  numberFormat: 'de-DE',
  enableEmbedding: true,
  showPoweredBy: true,
  hasSeenTutorial: true,
  emailConfirmed: true,
  twoFactor: false,
};

function setup(start: Project = project) {
  localStorage.setItem('token', 'tok');
  let current = start;
  return fakeApi({
    'GET /api/auth': { body: user },
    'GET /api/projects': () => ({ body: [current] }),
    'PUT /api/projects/p1': (call) => {
      current = { ...current, ...(call.body as Partial<Project>) };
      return { body: current };
    },
  });
}

const renderPage = () =>
  renderScreen(
    <AuthProvider>
      <ProjectDetailsPage
        renderCharts={() => <p>Charts slot</p>}
        renderActivities={() => <p>Lists slot</p>}
      />
    </AuthProvider>,
    { path: '/projectdetails/:projectid', route: '/projectdetails/p1' },
  );

describe('project details', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the totals in the user's number format and currency, and the composed charts and lists", async () => {
    setup();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Website', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('1.234,56 €')).toBeInTheDocument());
    expect(screen.getByText('05:30')).toBeInTheDocument();
    expect(screen.getByText('-0,30 €')).toBeInTheDocument();
    expect(screen.getByText('1.234,26 €')).toBeInTheDocument();
    expect(screen.getByText('Charts slot')).toBeInTheDocument();
    expect(screen.getByText('Lists slot')).toBeInTheDocument();
  });

  it("saves the name with 'Your project has been updated.' and 'Close' leads to /projects", async () => {
    const api = setup();
    const u = userEvent.setup();
    renderPage();
    const name = await screen.findByLabelText('Project name');
    await u.clear(name);
    await u.type(name, 'Website relaunch');
    await u.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your project has been updated.')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      {
        method: 'PUT',
        path: '/api/projects/p1',
        body: { name: 'Website relaunch', description: 'Client work' },
      },
    ]);
    expect(screen.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/projects');
  });

  it('sets an hourly rate and shows the tracked value the server computed beside the income', async () => {
    const api = setup();
    const u = userEvent.setup();
    renderPage();
    const rate = await screen.findByLabelText('Hourly rate');
    expect(screen.getByText('No rate')).toBeInTheDocument();

    await u.type(rate, '33,33');
    await u.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Your project has been updated.')).toBeInTheDocument();
    expect(api.writes()).toEqual([
      {
        method: 'PUT',
        path: '/api/projects/p1',
        body: { name: 'Website', description: 'Client work', hourlyRate: 33.33 },
      },
    ]);
  });

  it('refuses a rate with more than 2 decimals and sends nothing', async () => {
    const api = setup();
    const u = userEvent.setup();
    renderPage();
    // de-DE: the comma is the decimal mark ('10.005' is ten thousand and five there).
    await u.type(await screen.findByLabelText('Hourly rate'), '10,005');
    await u.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('at most 2 decimals');
    expect(api.writes()).toEqual([]);
  });

  it('turns embedding on and then offers the copy-ready snippet', async () => {
    const api = setup();
    const u = userEvent.setup();
    renderPage();
    const toggle = await screen.findByLabelText('Enable embedding for this project');
    expect(screen.queryByLabelText('Snippet to paste into your site')).not.toBeInTheDocument();

    await u.click(toggle);

    await waitFor(() =>
      expect(api.writes()).toEqual([
        { method: 'PUT', path: '/api/projects/p1', body: { enableEmbedding: true } },
      ]),
    );
    const snippet = (await screen.findByLabelText('Snippet to paste into your site')) as HTMLTextAreaElement;
    expect(snippet.value).toContain('/embed/timeledger-embed.js');
    expect(snippet.value).toContain('data-user-id="u1"');
    expect(snippet.value).toContain('data-project-id="p1"');
    expect(snippet.value).toContain('data-chart-type="timetracked"');
    await u.selectOptions(screen.getByLabelText('Chart'), 'timepertask');
    expect(snippet.value).toContain('data-chart-kind="pie"');
  });

  it('keeps one copy of the charts and lists, keyed by the project as the app composes them, when the page draws again', async () => {
    // Without a description the page's children have a gap, which sends React's reconciliation down
    // its keyed path, where two siblings with one key (the project's id) lose one of them: each new
    // drawing of the page left a dead copy of the charts above the live one.
    setup(makeProject({ description: '' }));
    const u = userEvent.setup();
    renderScreen(
      <AuthProvider>
        <ProjectDetailsPage
          renderCharts={(id) => (
            <section key={id} className="charts-slot">
              Charts slot
            </section>
          )}
          renderActivities={(id) => (
            <section key={id} className="lists-slot">
              Lists slot
            </section>
          )}
        />
      </AuthProvider>,
      { path: '/projectdetails/:projectid', route: '/projectdetails/p1' },
    );
    await u.type(await screen.findByLabelText('Project name'), ' relaunch');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { name: 'Website relaunch', level: 1 });

    expect(document.querySelectorAll('.charts-slot')).toHaveLength(1);
    expect(document.querySelectorAll('.lists-slot')).toHaveLength(1);
  });
});
