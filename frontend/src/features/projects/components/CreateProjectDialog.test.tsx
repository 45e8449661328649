import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProject } from '@/test/fixtures';
import { fakeApi, renderScreen } from '@/test/render';
import type { Project } from '../api/get-projects';
import { CreateProjectDialog } from './CreateProjectDialog';

const created: Project = makeProject({ description: 'Client work' });

/**
 * Lets pending promises (fetch, SWR) settle under fake timers, and the chunk a first write loads
 * (what it makes stale, `lib/stale-reads.ts`).
 */
const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
    await vi.dynamicImportSettled();
    for (let i = 0; i < 5; i++) await Promise.resolve();
    await vi.advanceTimersByTimeAsync(0);
  });

describe("the 'Create project' dialog", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('stays open with the toast after a creation, closes after 2 s and resets', async () => {
    const api = fakeApi({
      'GET /api/projects': { body: [] },
      'POST /api/projects': { status: 201, body: created },
    });
    const onClose = vi.fn();
    renderScreen(<CreateProjectDialog open onClose={onClose} />);
    await settle();
    fireEvent.change(screen.getByLabelText('Project name'), { target: { value: 'Website' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Client work' } });

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await settle();

    expect(api.writes()).toEqual([
      { method: 'POST', path: '/api/projects', body: { name: 'Website', description: 'Client work' } },
    ]);
    expect(screen.getByText('Your project has been created.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Create project' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(1600));
    // The toast lasts 1.5 s, the dialog 2 s.
    expect(screen.queryByText('Your project has been created.')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('resets its form when it closes after a creation', async () => {
    fakeApi({ 'GET /api/projects': { body: [] }, 'POST /api/projects': { status: 201, body: created } });
    const onClose = vi.fn();
    // Kept open by its owner, so the reset is visible.
    renderScreen(<CreateProjectDialog open onClose={onClose} />);
    await settle();
    fireEvent.change(screen.getByLabelText('Project name'), { target: { value: 'Website' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByLabelText('Project name')).toHaveValue('');
  });

  it('asks for the hourly rate at once, read in the user’s format, and refuses what it cannot read (issue 34, item 12)', async () => {
    const api = fakeApi({
      'GET /api/projects': { body: [] },
      'POST /api/projects': { status: 201, body: created },
    });
    renderScreen(<CreateProjectDialog open onClose={vi.fn()} />);
    await settle();
    fireEvent.change(screen.getByLabelText('Project name'), { target: { value: 'Website' } });

    fireEvent.change(screen.getByLabelText(/Hourly rate/), { target: { value: '80,5,0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent('The hourly rate is an amount like 80 or 92.50');
    expect(api.writes()).toEqual([]);

    fireEvent.change(screen.getByLabelText(/Hourly rate/), { target: { value: '92.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await settle();

    expect(api.writes()).toEqual([
      { method: 'POST', path: '/api/projects', body: { name: 'Website', description: '', hourlyRate: 92.5 } },
    ]);
  });

  it('shows the upgrade prompt instead at the free project limit', async () => {
    fakeApi({
      'GET /api/projects': { body: [] },
      'POST /api/projects': {
        status: 403,
        body: {
          errors: [
            { msg: 'Please upgrade to premium to add more than 3 projects', code: 'FREE_PROJECT_LIMIT' },
          ],
        },
      },
    });
    const onClose = vi.fn();
    renderScreen(<CreateProjectDialog open onClose={onClose} />);
    await settle();
    fireEvent.change(screen.getByLabelText('Project name'), { target: { value: 'Fourth' } });

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await settle();

    expect(screen.getByText('Please upgrade to premium to add more than 3 projects')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
    expect(screen.queryByText('Your project has been created.')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });
});
