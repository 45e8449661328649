import type { Project } from '@contract/responses';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '@/app/testing';
import { makeProject } from '@/test/fixtures';

/*
 * Clients, billable time and tags where a person tracks time: the project list, its create dialog
 * and details; the quick-entry bar and the running timer; the timesheet's filters and rows.
 */

const acme = {
  _id: 'c1',
  name: 'Acme',
  email: '',
  address: '',
  taxId: '',
  createdAt: '2026-01-01T00:00:00.000Z',
};

const project = (id: string, name: string, more: Partial<Project> = {}): Project =>
  makeProject({ _id: id, name, ...more });

const website = project('p1', 'Website', { clientId: 'c1', billableByDefault: false });
const internal = project('p2', 'Internal');

const entry = (id: string, more: Record<string, unknown> = {}) => ({
  _id: id,
  user: 'u1',
  projectId: 'p1',
  activity: 'Design',
  description: '',
  date: '2026-03-09T00:00:00.000Z',
  startTime: null,
  endTime: null,
  duration: 3_600_000,
  invoiceId: null,
  billable: true,
  tags: ['Rückfrage', '会議'],
  ...more,
});

beforeEach(() => {
  localStorage.setItem('token', 'tok');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('projects and their clients', { timeout: 30_000 }, () => {
  it('shows each project’s client and filters the list by client or by none', async () => {
    stubApi({
      'GET /api/auth': { body: makeUser() },
      'GET /api/projects': { body: [website, internal] },
      'GET /api/clients': { body: [acme] },
      'GET /api/timer': { body: { running: false } },
    });
    renderApp('/projects');
    const table = await screen.findByRole('table', {}, { timeout: 10_000 });
    const names = () =>
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent);
    await waitFor(() => expect(names()).toEqual(['Internal', 'WebsiteClient: Acme']));
    const user = userEvent.setup();
    const filter = await screen.findByRole('combobox', { name: 'Client' });
    await user.selectOptions(filter, 'Acme');
    expect(names()).toEqual(['WebsiteClient: Acme']);
    await user.selectOptions(filter, 'No client');
    expect(names()).toEqual(['Internal']);
  });

  it('creates a project for a client, its time not billable by default', async () => {
    const api = stubApi({
      'GET /api/auth': { body: makeUser() },
      'GET /api/projects': { body: [] },
      'GET /api/clients': { body: [acme] },
      'GET /api/timer': { body: { running: false } },
      'POST /api/projects': (body) => ({
        status: 201,
        body: project('p9', 'Shop', body as Partial<Project>),
      }),
    });
    renderApp('/projects');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add project' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Create project' });
    await user.type(within(dialog).getByLabelText('Project name'), 'Shop');
    await within(dialog).findByRole('option', { name: 'Acme' });
    await user.selectOptions(within(dialog).getByLabelText('Client'), 'Acme');
    const billable = within(dialog).getByLabelText('New time is billable');
    expect(billable).toBeChecked();
    await user.click(billable);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/projects')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/projects')[0]?.body).toEqual({
      name: 'Shop',
      description: '',
      clientId: 'c1',
      billableByDefault: false,
    });
  });

  it('shows the client on the project’s details and saves another client (only what changed)', async () => {
    const api = stubApi({
      'GET /api/auth': { body: makeUser() },
      'GET /api/projects': { body: [website] },
      'GET /api/clients': { body: [acme, { ...acme, _id: 'c2', name: 'Globex 🌐' }] },
      'GET /api/timer': { body: { running: false } },
      'PUT /api/projects/p1': (body) => ({ body: { ...website, ...(body as object) } }),
    });
    renderApp('/projectdetails/p1');
    expect(await screen.findByRole('link', { name: 'Client: Acme' }, { timeout: 10_000 })).toHaveAttribute(
      'href',
      '/clients',
    );
    const form = screen.getByRole('form', { name: 'Update project' });
    const user = userEvent.setup();
    expect(within(form).getByLabelText('New time is billable')).not.toBeChecked();
    await user.selectOptions(within(form).getByLabelText('Client'), 'Globex 🌐');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/projects/p1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/projects/p1')[0]?.body).toEqual({
      name: 'Website',
      description: '',
      clientId: 'c2',
    });
  });
});

describe('billable and tags on the timer', { timeout: 30_000 }, () => {
  it('starts the quick entry’s timer with the tags typed or picked and billable as chosen; the running timer shows them', async () => {
    let timer: Record<string, unknown> = { running: false };
    const api = stubApi({
      'GET /api/auth': { body: makeUser() },
      'GET /api/projects': { body: [website, internal] },
      'GET /api/clients': { body: [acme] },
      'GET /api/tags': {
        body: [
          { name: 'Rückfrage', count: 4 },
          { name: 'Review', count: 2 },
        ],
      },
      'GET /api/timeactivities': { body: [entry('e1')] },
      'GET /api/timer': () => ({ body: timer }),
      'POST /api/timer': (body) => {
        timer = {
          running: true,
          startedAt: new Date().toISOString(),
          paused: false,
          pausedAt: null,
          pausedMs: 0,
          description: '',
          ...(body as object),
        };
        return { status: 201, body: timer };
      },
    });
    renderApp('/settings');
    const bar = await screen.findByRole('region', { name: 'Quick entry' }, { timeout: 10_000 });
    await waitFor(
      () => expect(within(bar).getByRole('combobox', { name: 'Project' })).toHaveValue('Website'),
      { timeout: 10_000 },
    );
    const user = userEvent.setup();
    // Website's time is not billable unless the entry says so.
    const billable = within(bar).getByLabelText('Billable');
    expect(billable).not.toBeChecked();
    await user.type(within(bar).getByRole('textbox', { name: 'What are you working on?' }), 'Angebot');

    const tagField = within(bar).getByRole('combobox', { name: 'Add a tag' });
    await user.type(tagField, 'r');
    // The user's tags, most used first, that start with what is typed.
    const list = within(bar).getByRole('listbox', { name: 'Tag suggestions' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Rückfrage', 'Review']);
    await user.keyboard('{ArrowDown}{Enter}');
    await user.type(tagField, '  Eilig ,');
    await user.type(tagField, 'rückfrage{Enter}');
    expect(
      within(bar)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['Rückfrage', 'Eilig']);
    await user.click(within(bar).getByRole('button', { name: 'Remove tag Eilig' }));
    await user.type(tagField, '🚀 Launch{Enter}');
    await user.click(billable);
    await user.click(within(bar).getByRole('button', { name: 'Start' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/timer')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/timer')[0]?.body).toMatchObject({
      projectId: 'p1',
      activity: 'Angebot',
      billable: true,
      tags: ['Rückfrage', '🚀 Launch'],
    });
    const running = await screen.findByRole('region', { name: 'Running timer' });
    expect(within(running).getByText('Billable')).toBeInTheDocument();
    expect(
      within(within(running).getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Rückfrage', '🚀 Launch']);
    // The bar is empty again, its billable back to the project's default.
    expect(within(bar).queryByRole('button', { name: /Remove tag/ })).not.toBeInTheDocument();
    expect(within(bar).getByLabelText('Billable')).not.toBeChecked();
  });
});

describe('billable and tags on the timesheet', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-11T12:00:00'));
  });

  function setup() {
    let stored = entry('e1');
    const api = stubApi({
      'GET /api/auth': { body: makeUser() },
      'GET /api/projects': { body: [website, internal] },
      'GET /api/clients': { body: [acme] },
      'GET /api/tags': {
        body: [
          { name: 'Rückfrage', count: 4 },
          { name: '会議', count: 1 },
        ],
      },
      'GET /api/timer': { body: { running: false } },
      'GET /api/timeactivities': (_body, url) =>
        url.searchParams.get('startdate') === '2026-03-09' ? { body: [stored] } : { body: [] },
      'PUT /api/timeActivities/e1': (body) => {
        stored = { ...stored, ...(body as object) };
        return { body: stored };
      },
    });
    renderApp('/timesheet');
    return api;
  }

  it('asks for the entries of a client, a tag, billable or not', async () => {
    const api = setup();
    const user = userEvent.setup();
    await screen.findByTestId('week-total', {}, { timeout: 10_000 });
    const lastQuery = () =>
      new URL(
        String(
          api.fetchMock.mock.calls.filter(([u]) => String(u).includes('/api/timeactivities?')).at(-1)?.[0],
        ),
        'http://localhost',
      ).searchParams;
    await screen.findByRole('option', { name: 'Acme' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Client' }), 'Acme');
    await waitFor(() => expect(lastQuery().get('clientid')).toBe('c1'));
    await screen.findByRole('option', { name: '会議' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tags' }), '会議');
    await waitFor(() => expect(lastQuery().get('tag')).toBe('会議'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Billable' }), 'Non-billable only');
    await waitFor(() => expect(lastQuery().get('billable')).toBe('false'));
    expect(lastQuery().get('clientid')).toBe('c1');
  });

  it('shows billable and the tags on each row, marks an entry not billable in place and edits its tags', async () => {
    const api = setup();
    const user = userEvent.setup();
    const monday = await screen.findByRole('region', { name: /9/ }, { timeout: 10_000 });
    await within(monday).findByText('Billable');
    const tags = within(monday).getByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Rückfrage', '会議']);

    await user.click(within(monday).getByRole('button', { name: 'More actions for Design' }));
    await user.click(within(monday).getByRole('menuitem', { name: /^Mark\s*Design not billable$/ }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/timeActivities/e1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/timeActivities/e1')[0]?.body).toMatchObject({
      projectId: 'p1',
      activity: 'Design',
      duration: 3_600_000,
      billable: false,
      tags: ['Rückfrage', '会議'],
    });
    await within(monday).findByText('Not billable');

    await user.click(within(monday).getByRole('button', { name: 'More actions for Design' }));
    await user.click(within(monday).getByRole('menuitem', { name: /^Edit\s*Design$/ }));
    const form = await screen.findByRole('form', { name: 'Edit time activity' });
    await user.click(within(form).getByRole('button', { name: 'Remove tag 会議' }));
    await user.type(within(form).getByRole('combobox', { name: 'Add a tag' }), 'Ångström{Enter}');
    await user.click(within(form).getByLabelText('Billable'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/timeActivities/e1')).toHaveLength(2));
    expect(api.callsTo('PUT', '/api/timeActivities/e1')[1]?.body).toMatchObject({
      billable: true,
      tags: ['Rückfrage', 'Ångström'],
    });
  });
});
