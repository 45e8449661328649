import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderScreen } from '@/test/render';
import { TimeActivityForm } from './TimeActivityForm';
import type { ProjectPickerProps } from './types';

/** A stand-in for the projects feature's picker: the form only needs value/onChange. */
function StubPicker({ value, onChange }: ProjectPickerProps) {
  return (
    <label>
      Project
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose a project</option>
        <option value="p1">Website</option>
        <option value="p2">App</option>
      </select>
    </label>
  );
}

const saved = (body: unknown) => ({ status: 201, body: { _id: 't1', user: 'u1', ...(body as object) } });

function setupApi() {
  return fakeApi({
    'GET /api/projecttasklist': {
      body: [{ projectId: 'p1', tasks: [{ activity: 'Design', descriptions: ['Logo'] }] }],
    },
    'POST /api/timeactivities': (call) => saved(call.body),
    'GET /api/projects': { body: [] },
  });
}

const renderForm = (projectId?: string) =>
  renderScreen(<TimeActivityForm ProjectPicker={StubPicker} initialProjectId={projectId} />);

const click = (el: HTMLElement) =>
  act(() => {
    fireEvent.click(el);
  });

const display = () => screen.getByRole('timer', { name: 'Tracked time' });

/** A server timer kept in memory, answering the timer endpoints as the API does. */
function serverTimer(initial: Record<string, unknown> = { running: false }) {
  let state = initial;
  return {
    'GET /api/timer': () => ({ body: state }),
    'POST /api/timer': (call: { body: unknown }) => {
      const body = call.body as Record<string, string>;
      state = {
        running: true,
        projectId: body.projectId,
        activity: body.activity ?? '',
        description: body.description ?? '',
        startedAt: new Date().toISOString(),
      };
      return { status: 201, body: state };
    },
    'POST /api/timer/stop': () => {
      const entry = { _id: 't9', user: 'u1', ...state, duration: 1 };
      state = { running: false };
      return { status: 201, body: entry };
    },
    'DELETE /api/timer': () => {
      state = { running: false };
      return { status: 204 };
    },
  };
}

function setupTimerApi(initial?: Record<string, unknown>) {
  return fakeApi({
    'GET /api/projecttasklist': { body: [] },
    'GET /api/projects': { body: [] },
    'POST /api/timeactivities': (call) => saved(call.body),
    ...serverTimer(initial),
  });
}

describe('track time: the timer on the server', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-03-10T09:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('starts the server timer with the project, task and sub-task, then ticks every second', async () => {
    const api = setupTimerApi();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderForm('p1');
    await user.type(screen.getByLabelText('Task'), 'Design');
    await user.type(screen.getByLabelText('Sub-Task'), 'Logo');

    click(screen.getByRole('button', { name: 'Start' }));

    await screen.findByRole('button', { name: 'Stop' });
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        path: '/api/timer',
        body: { projectId: 'p1', activity: 'Design', description: 'Logo', timeZone: expect.any(String) },
      },
    ]);
    act(() => vi.advanceTimersByTime(65_000));
    expect(display()).toHaveTextContent('00:01:05');
  });

  it('shows a timer started on another device or before a reload, counted from its start', async () => {
    setupTimerApi({
      running: true,
      projectId: 'p2',
      activity: 'Review',
      description: '',
      startedAt: '2026-03-10T08:59:45.000Z',
    });
    renderForm();

    await screen.findByRole('button', { name: 'Stop' });
    expect(display()).toHaveTextContent('00:00:15');
    expect(screen.getByText('Review')).toBeInTheDocument();
  });

  it('stops the timer into a saved entry and offers Start again', async () => {
    const api = setupTimerApi({
      running: true,
      projectId: 'p1',
      activity: 'Design',
      description: '',
      startedAt: '2026-03-10T08:00:00.000Z',
    });
    renderForm('p1');

    click(await screen.findByRole('button', { name: 'Stop' }));

    await screen.findByRole('button', { name: 'Start' });
    expect(api.writes().map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/timer/stop']);
    expect(await screen.findByText('Your time has been tracked.')).toBeInTheDocument();
    expect(display()).toHaveTextContent('00:00:00');
  });

  it('asks for a project before starting and sends nothing without one', async () => {
    const api = setupTimerApi();
    renderForm();

    click(screen.getByRole('button', { name: 'Start' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a project to start the timer.');
    expect(api.writes()).toHaveLength(0);
  });
});

describe('track time: the form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the time-traveller notice and saves nothing when the start is after the end', async () => {
    const api = setupApi();
    const user = userEvent.setup();
    renderForm('p1');
    await user.type(screen.getByLabelText('Start'), '10:00');
    await user.type(screen.getByLabelText('End'), '09:30');

    await user.click(screen.getByRole('button', { name: 'Save and clear' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Woah time traveller! Your start time can't be after your end time!",
    );
    expect(api.writes()).toHaveLength(0);
  });

  it('offers "Ends the next day?" in the notice for 23:00 to 01:00, which ticks +1 day (issue 34, item 12)', async () => {
    const api = setupApi();
    const user = userEvent.setup();
    renderForm('p1');
    await user.type(screen.getByLabelText('Start'), '23:00');
    await user.type(screen.getByLabelText('End'), '01:00');
    await user.click(screen.getByRole('button', { name: 'Save and clear' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent("Woah time traveller! Your start time can't be after your end time!");
    expect(api.writes()).toHaveLength(0);

    await user.click(within(notice).getByRole('button', { name: 'Ends the next day?' }));

    expect(screen.getByRole('checkbox', { name: /\+1 day/ })).toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Duration (hh:mm)')).toHaveValue('02:00');
    await user.click(screen.getByRole('button', { name: 'Save and clear' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    const body = api.writes()[0]?.body as { startTime: string; endTime: string; duration: number };
    expect(body.duration).toBe(2 * 3_600_000);
    expect(Date.parse(body.endTime) - Date.parse(body.startTime)).toBe(2 * 3_600_000);
  });

  it('computes the duration as end minus start', async () => {
    setupApi();
    const user = userEvent.setup();
    renderForm('p1');
    await user.type(screen.getByLabelText('Start'), '09:15');
    await user.type(screen.getByLabelText('End'), '11:45');
    expect(screen.getByLabelText('Duration (hh:mm)')).toHaveValue('02:30');
  });

  it("'Save and clear' sends the entry, clears the form and keeps the chosen project", async () => {
    const api = setupApi();
    const user = userEvent.setup();
    renderForm();
    await user.selectOptions(screen.getByLabelText('Project'), 'p2');
    await user.type(screen.getByLabelText('Task'), 'Coding');
    await user.type(screen.getByLabelText('Sub-Task'), 'Login screen');
    await user.clear(screen.getByLabelText('Date'));
    await user.type(screen.getByLabelText('Date'), '2026-02-03');
    await user.type(screen.getByLabelText('Start'), '08:00');
    await user.type(screen.getByLabelText('End'), '09:45');

    await user.click(screen.getByRole('button', { name: 'Save and clear' }));

    await waitFor(() => expect(api.writes()).toHaveLength(1));
    const body = api.writes()[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      projectId: 'p2',
      activity: 'Coding',
      description: 'Login screen',
      date: '2026-02-03T00:00:00.000Z',
      duration: 105 * 60_000,
    });
    expect(new Date(String(body.startTime)).getHours()).toBe(8);
    expect(await screen.findByText('Your time has been tracked.')).toBeInTheDocument();
    expect(screen.getByLabelText('Task')).toHaveValue('');
    expect(screen.getByLabelText('Sub-Task')).toHaveValue('');
    expect(screen.getByLabelText('Start')).toHaveValue('');
    expect(screen.getByLabelText('Project')).toHaveValue('p2');
  });

  it('silently saves nothing without a project', async () => {
    const api = setupApi();
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Task'), 'Coding');
    await user.click(screen.getByRole('button', { name: 'Save and clear' }));
    expect(api.writes()).toHaveLength(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Task')).toHaveValue('Coding');
  });

  it('shows an error and keeps the entry when the network fails', async () => {
    fakeApi({ 'GET /api/projecttasklist': { body: [] } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        if ((init?.method ?? 'GET') === 'POST') throw new TypeError('Failed to fetch');
        return new Response('[]', { status: 200 });
      }),
    );
    const user = userEvent.setup();
    renderForm('p1');
    await user.type(screen.getByLabelText('Task'), 'Coding');
    fireEvent.change(screen.getByLabelText('Duration (hh:mm)'), { target: { value: '01:30' } });

    await user.click(screen.getByRole('button', { name: 'Save and clear' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('could not be saved');
    expect(screen.getByLabelText('Task')).toHaveValue('Coding');
    expect(screen.getByLabelText('Duration (hh:mm)')).toHaveValue('01:30');
  });

  it('re-sends the same entry id when a failed save is retried, and a new one for the next entry', async () => {
    let attempts = 0;
    const api = fakeApi({
      'GET /api/projecttasklist': { body: [] },
      'GET /api/projects': { body: [] },
      // The first answer is lost (a server error after the write, say); the retry succeeds.
      'POST /api/timeactivities': (call) => (++attempts === 1 ? { status: 503, body: {} } : saved(call.body)),
    });
    const user = userEvent.setup();
    renderForm('p1');
    await user.type(screen.getByLabelText('Task'), 'Coding');
    await user.clear(screen.getByLabelText('Duration (hh:mm)'));
    await user.type(screen.getByLabelText('Duration (hh:mm)'), '01:00');

    await user.click(screen.getByRole('button', { name: 'Save and clear' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be saved');
    await user.click(screen.getByRole('button', { name: 'Save and clear' }));
    expect(await screen.findByText('Your time has been tracked.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Task'), 'Review');
    await user.clear(screen.getByLabelText('Duration (hh:mm)'));
    await user.type(screen.getByLabelText('Duration (hh:mm)'), '00:45');
    await user.click(screen.getByRole('button', { name: 'Save and clear' }));
    await waitFor(() => expect(api.writes()).toHaveLength(3));

    const ids = api.writes().map((c) => (c.body as { _id?: string })._id);
    expect(ids[0]).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('shows the upgrade prompt at the free item limit', async () => {
    fakeApi({
      'GET /api/projecttasklist': { body: [] },
      'POST /api/timeactivities': {
        status: 403,
        body: {
          errors: [{ msg: 'Please upgrade to premium to add more than 125 items', code: 'FREE_ITEM_LIMIT' }],
        },
      },
    });
    const user = userEvent.setup();
    renderForm('p1');
    await user.clear(screen.getByLabelText('Duration (hh:mm)'));
    await user.type(screen.getByLabelText('Duration (hh:mm)'), '00:30');
    await user.click(screen.getByRole('button', { name: 'Save and clear' }));
    expect(
      await screen.findByText('Please upgrade to premium to add more than 125 items'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
  });
});
