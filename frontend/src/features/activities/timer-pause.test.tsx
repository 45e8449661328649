import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '@/app/testing';
import { makeProject } from '@/test/fixtures';

const project = makeProject();

const timer = (over: Record<string, unknown> = {}) => ({
  running: true,
  projectId: 'p1',
  activity: 'Build',
  description: '',
  startedAt: '2026-03-10T09:00:00.000Z',
  paused: false,
  pausedAt: null,
  pausedMs: 0,
  ...over,
});

const bar = () => screen.findByRole('region', { name: 'Running timer' }, { timeout: 5000 });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-03-10T10:00:00Z'));
  localStorage.setItem('token', 'tok');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('pausing the running timer from the app shell', () => {
  it('shows a paused timer standing still, with how long it has been paused and a Resume button', async () => {
    stubApi({
      'GET /api/auth': { body: makeUser() },
      'GET /api/projects': { body: [project] },
      // Started 60 min ago, 10 min of earlier pauses, paused 20 min ago: 30 min worked.
      'GET /api/timer': {
        body: timer({ paused: true, pausedAt: '2026-03-10T09:40:00.000Z', pausedMs: 600_000 }),
      },
    });
    renderApp('/projects');

    const shell = await bar();
    await within(shell).findByText('Website', {}, { timeout: 5000 });
    expect(within(shell).getByRole('timer')).toHaveTextContent('00:30:00');
    expect(within(shell).getByText('Paused for 00:30:00')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(5000));
    expect(within(shell).getByRole('timer')).toHaveTextContent('00:30:00');
    expect(within(shell).getByText('Paused for 00:30:05')).toBeInTheDocument();
    expect(within(shell).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });

  it('pauses and resumes through the API, and the clock leaves the pause out', async () => {
    let state = timer();
    const api = stubApi({
      'GET /api/auth': { body: makeUser() },
      'GET /api/projects': { body: [project] },
      'GET /api/timer': () => ({ body: state }),
      'POST /api/timer/pause': () => {
        state = timer({ paused: true, pausedAt: new Date().toISOString() });
        return { body: state };
      },
      'POST /api/timer/resume': () => {
        state = timer({ pausedMs: 120_000 });
        return { body: state };
      },
    });
    renderApp('/projects');
    const shell = await bar();
    await within(shell).findByText('Website', {}, { timeout: 5000 });
    expect(within(shell).getByRole('timer')).toHaveTextContent('01:00:00');

    act(() => within(shell).getByRole('button', { name: 'Pause' }).click());
    const resume = await within(shell).findByRole('button', { name: 'Resume' });
    act(() => vi.advanceTimersByTime(120_000));
    expect(within(shell).getByRole('timer')).toHaveTextContent('01:00:00');
    act(() => resume.click());

    await within(shell).findByRole('button', { name: 'Pause' });
    expect(within(shell).getByText('Pauses: 00:02:00')).toBeInTheDocument();
    expect(within(shell).getByRole('timer')).toHaveTextContent('01:00:00');
    act(() => vi.advanceTimersByTime(1000));
    expect(within(shell).getByRole('timer')).toHaveTextContent('01:00:01');
    expect(api.callsTo('POST', '/api/timer/pause')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/timer/resume')).toHaveLength(1);
  });

  it('says so when another device paused it first, and shows the timer as it now is', async () => {
    let state = timer();
    stubApi({
      'GET /api/auth': { body: makeUser() },
      'GET /api/projects': { body: [project] },
      'GET /api/timer': () => ({ body: state }),
      'POST /api/timer/pause': () => {
        state = timer({ paused: true, pausedAt: '2026-03-10T09:59:00.000Z' });
        return {
          status: 409,
          body: {
            errors: [
              {
                msg: 'The timer has already been paused or resumed, perhaps on another device',
                code: 'TIMER_STATE',
              },
            ],
          },
        };
      },
    });
    renderApp('/projects');
    const shell = await bar();

    act(() => within(shell).getByRole('button', { name: 'Pause' }).click());

    expect(
      await within(shell).findByText(
        'The timer has already been paused or resumed, perhaps on another device',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(shell).getByRole('button', { name: 'Resume' })).toBeInTheDocument());
  });
});
