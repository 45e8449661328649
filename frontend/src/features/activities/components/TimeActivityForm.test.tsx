import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderScreen } from '../../../test/render';
import { TIMER_KEY } from '../lib/timer';
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

describe('track time: the live timer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-03-10T09:00:00'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('updates the display every second while running and adds the elapsed time to the duration on Stop', async () => {
    setupApi();
    renderForm('p1');
    expect(display()).toHaveTextContent('00:00:00');

    click(screen.getByRole('button', { name: 'Start' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(display()).toHaveTextContent('00:00:01');
    act(() => vi.advanceTimersByTime(64_000));
    expect(display()).toHaveTextContent('00:01:05');

    click(screen.getByRole('button', { name: 'Stop' }));
    expect(screen.getByLabelText('Duration (hh:mm)')).toHaveValue('00:01');
    act(() => vi.advanceTimersByTime(5000));
    // Stopped: the display no longer moves.
    expect(display()).toHaveTextContent('00:01:05');
    expect(screen.getByRole('button', { name: 'Start' })).toBeInTheDocument();
  });

  it('keeps running across a page reload (start moment in localStorage)', async () => {
    setupApi();
    const first = renderForm('p1');
    click(screen.getByRole('button', { name: 'Start' }));
    act(() => vi.advanceTimersByTime(5000));
    first.unmount();
    expect(localStorage.getItem(TIMER_KEY)).not.toBeNull();

    act(() => vi.advanceTimersByTime(10_000));
    renderForm();
    expect(display()).toHaveTextContent('00:00:15');
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    // The project chosen when the timer started comes back too.
    expect(screen.getByLabelText('Project')).toHaveValue('p1');
  });

  it('saves the running time and resets the timer to zero after the save', async () => {
    const api = setupApi();
    renderForm('p1');
    click(screen.getByRole('button', { name: 'Start' }));
    act(() => vi.advanceTimersByTime(90_000));
    click(screen.getByRole('button', { name: 'Stop' }));

    click(screen.getByRole('button', { name: 'Save and clear' }));

    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toMatchObject({
      projectId: 'p1',
      duration: 90_000,
      date: '2026-03-10T00:00:00.000Z',
    });
    await waitFor(() => expect(display()).toHaveTextContent('00:00:00'));
    expect(localStorage.getItem(TIMER_KEY)).toBeNull();
    expect(screen.getByRole('button', { name: 'Start' })).toBeInTheDocument();
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

    await user.click(screen.getByRole('button', { name: 'Save and clear' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be saved');
    await user.click(screen.getByRole('button', { name: 'Save and clear' }));
    expect(await screen.findByText('Your time has been tracked.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Task'), 'Review');
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
    await user.click(screen.getByRole('button', { name: 'Save and clear' }));
    expect(
      await screen.findByText('Please upgrade to premium to add more than 125 items'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
  });
});
