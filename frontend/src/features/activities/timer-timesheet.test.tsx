import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '@/app/testing';
import type { User } from '@/lib/auth';
import { makeProject } from '@/test/fixtures';

const projects = [makeProject(), makeProject({ _id: 'p2', name: 'App' })];

const entry = (id: string, projectId: string, day: string, duration: number, activity = 'Design') => ({
  _id: id,
  user: 'u1',
  projectId,
  activity,
  description: '',
  date: `${day}T00:00:00.000Z`,
  startTime: null,
  endTime: null,
  duration,
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** Whether the app asked the API for the entries of these days (whatever the order of the query). */
function asksForDays(fetchMock: { mock: { calls: unknown[][] } }, from: string, to: string): boolean {
  return fetchMock.mock.calls.some(([url]) => {
    const query = new URL(String(url), 'http://localhost').searchParams;
    return query.get('startdate') === from && query.get('enddate') === to;
  });
}

describe('the running timer in the app shell', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-03-10T10:00:00Z'));
    localStorage.setItem('token', 'tok');
  });

  it('shows the running timer with project and task on any signed-in screen, ticking every second', async () => {
    stubApi({
      'GET /api/auth': { body: makeUser() },
      'GET /api/projects': { body: projects },
      'GET /api/timer': {
        body: {
          running: true,
          projectId: 'p2',
          activity: 'Build',
          description: 'Login',
          startedAt: '2026-03-10T09:58:00.000Z',
        },
      },
    });
    renderApp('/settings');

    const bar = await screen.findByRole('region', { name: 'Running timer' }, { timeout: 10_000 });
    await within(bar).findByText('App', {}, { timeout: 10_000 });
    expect(within(bar).getByText('· Build · Login')).toBeInTheDocument();
    expect(within(bar).getByRole('timer')).toHaveTextContent('00:02:00');
    act(() => vi.advanceTimersByTime(3000));
    expect(within(bar).getByRole('timer')).toHaveTextContent('00:02:03');
  });

  it('stops the timer from the shell: saves the entry and the bar goes away', async () => {
    let running = true;
    const api = stubApi({
      'GET /api/auth': { body: makeUser() },
      'GET /api/projects': { body: projects },
      'GET /api/timer': () => ({
        body: running
          ? {
              running: true,
              projectId: 'p1',
              activity: '',
              description: '',
              startedAt: '2026-03-10T09:00:00.000Z',
            }
          : { running: false },
      }),
      'POST /api/timer/stop': () => {
        running = false;
        return { status: 201, body: entry('t1', 'p1', '2026-03-10', 3_600_000) };
      },
    });
    renderApp('/projects');
    const bar = await screen.findByRole('region', { name: 'Running timer' }, { timeout: 10_000 });

    act(() => within(bar).getByRole('button', { name: 'Stop' }).click());

    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Running timer' })).not.toBeInTheDocument(),
    );
    expect(api.callsTo('POST', '/api/timer/stop')).toHaveLength(1);
    expect(await screen.findByText('Your time has been tracked.')).toBeInTheDocument();
  });

  it('shows nothing while no timer runs', async () => {
    stubApi({
      'GET /api/auth': { body: makeUser() },
      'GET /api/projects': { body: projects },
      'GET /api/timer': { body: { running: false } },
    });
    renderApp('/settings');
    await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Running timer' })).not.toBeInTheDocument(),
    );
  });
});

describe('the timesheet', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // A Wednesday.
    vi.setSystemTime(new Date('2026-03-11T12:00:00'));
    localStorage.setItem('token', 'tok');
  });

  function setup(weekStart: User['weekStart'] = 'monday') {
    return stubApi({
      'GET /api/auth': { body: makeUser({ weekStart }) },
      'GET /api/projects': { body: projects },
      'GET /api/timer': { body: { running: false } },
      'GET /api/timeactivities': (_body, url) => {
        const from = url.searchParams.get('startdate');
        if (from !== '2026-03-09' && from !== '2026-03-08') return { body: [] };
        return {
          body: [
            entry('t3', 'p2', '2026-03-15', 4_033_000, 'Review'),
            entry('t2', 'p1', '2026-03-09', 1_800_000),
            entry('t1', 'p1', '2026-03-09', 3_600_000),
          ],
        };
      },
    });
  }

  it('shows the week from Monday (de-DE) with a total per day and for the week, in hh:mm', async () => {
    const api = setup();
    renderApp('/timesheet');

    const monday = await screen.findByRole('region', { name: /9\.? März|Mo/ }, { timeout: 10_000 });
    expect(await within(monday).findAllByText('Website', {}, { timeout: 10_000 })).toHaveLength(2);
    expect(within(monday).getByRole('heading')).toHaveTextContent(/Total 01:30$/);
    expect(screen.getByTestId('week-total')).toHaveTextContent('02:37');
    const query = api.callsTo('GET', '/api/timeactivities')[0];
    expect(query?.path).toBe('/api/timeactivities');
    const days = screen.getAllByRole('region').filter((r) => r.classList.contains('timesheet-day'));
    expect(days).toHaveLength(7);
  });

  it('starts the week on the Sunday the user chose and moves a week back and forth', async () => {
    const api = setup('sunday');
    const user = userEvent.setup();
    renderApp('/timesheet');
    await screen.findByTestId('week-total', {}, { timeout: 10_000 });
    await waitFor(() => expect(asksForDays(api.fetchMock, '2026-03-08', '2026-03-14')).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    await waitFor(() => expect(asksForDays(api.fetchMock, '2026-03-01', '2026-03-07')).toBe(true));
    await user.click(screen.getByRole('button', { name: 'This week' }));
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(asksForDays(api.fetchMock, '2026-03-15', '2026-03-21')).toBe(true));
  });

  /** A de-DE user with no timer running and one entry this week: 'Review' on project p2. */
  const reviewWeek = {
    'GET /api/auth': { body: makeUser({ numberFormat: 'de-DE' }) },
    'GET /api/projects': { body: projects },
    'GET /api/timer': { body: { running: false } },
    'GET /api/timeactivities': { body: [entry('t3', 'p2', '2026-03-10', 60_000, 'Review')] },
  };

  it('continues an entry: starts the timer with its project, task and sub-task', async () => {
    let started: unknown;
    const user = userEvent.setup();
    stubApi({
      ...reviewWeek,
      'POST /api/timer': (body) => {
        started = body;
        return {
          status: 201,
          body: {
            running: true,
            projectId: 'p2',
            activity: 'Review',
            description: '',
            startedAt: new Date().toISOString(),
          },
        };
      },
    });
    renderApp('/timesheet');

    await user.click(await screen.findByRole('button', { name: /^Continue\s*Review$/ }, { timeout: 10_000 }));

    await waitFor(() =>
      expect(started).toMatchObject({ projectId: 'p2', activity: 'Review', description: '' }),
    );
    expect(await screen.findByRole('region', { name: 'Running timer' })).toBeInTheDocument();
  });

  it('edits an entry in place and sends the change', async () => {
    let sent: unknown;
    const user = userEvent.setup();
    stubApi({
      ...reviewWeek,
      'PUT /api/timeActivities/t3': (body) => {
        sent = body;
        return { body: { ...entry('t3', 'p2', '2026-03-10', 60_000), ...(body as object) } };
      },
    });
    renderApp('/timesheet');

    // Edit is in the row's menu of actions.
    await user.click(
      await screen.findByRole('button', { name: 'More actions for Review' }, { timeout: 10_000 }),
    );
    await user.click(screen.getByRole('menuitem', { name: /^Edit\s*Review$/ }));
    const form = screen.getByRole('form', { name: 'Edit time activity' });
    await user.clear(within(form).getByLabelText('Task'));
    await user.type(within(form).getByLabelText('Task'), 'Code review 🧐');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(sent).toMatchObject({
        projectId: 'p2',
        activity: 'Code review 🧐',
        date: '2026-03-10T00:00:00.000Z',
        duration: 60_000,
      }),
    );
  });
});
