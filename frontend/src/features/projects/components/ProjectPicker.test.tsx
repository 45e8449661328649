import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProject } from '@/test/fixtures';
import { fakeApi, renderScreen } from '@/test/render';
import type { Project } from '../api/get-projects';
import { ProjectPicker } from './ProjectPicker';

const ADD_NEW_PROJECT = '...Add new project';

const project = (id: string, name: string): Project => makeProject({ _id: id, name });
const PROJECTS = [project('p1', 'Website'), project('p2', 'app redesign'), project('p3', 'Blog')];

function Harness() {
  const [value, setValue] = useState<string | undefined>(undefined);
  return (
    <>
      <ProjectPicker value={value} onChange={setValue} />
      <output aria-label="Chosen id">{value}</output>
    </>
  );
}

describe('the project picker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the projects sorted by name, then '...Add new project'", async () => {
    fakeApi({ 'GET /api/projects': { body: PROJECTS } });
    const user = userEvent.setup();
    renderScreen(<Harness />);

    await user.click(await screen.findByRole('button', { name: /Project/ }));

    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'app redesign',
      'Blog',
      'Website',
      ADD_NEW_PROJECT,
    ]);
  });

  it('picks a project with the mouse and with the keyboard', async () => {
    fakeApi({ 'GET /api/projects': { body: PROJECTS } });
    const user = userEvent.setup();
    renderScreen(<Harness />);
    const button = await screen.findByRole('button', { name: /Project/ });
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));

    await user.click(button);
    await user.click(await screen.findByRole('option', { name: 'Blog' }));
    expect(screen.getByLabelText('Chosen id')).toHaveTextContent('p3');
    expect(button).toHaveTextContent('Blog');

    await user.click(button);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByLabelText('Chosen id')).toHaveTextContent('p1');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it("'...Add new project' opens the create dialog, and an existing name picks that project without creating one", async () => {
    const api = fakeApi({ 'GET /api/projects': { body: PROJECTS } });
    const user = userEvent.setup();
    renderScreen(<Harness />);
    await user.click(await screen.findByRole('button', { name: /Project/ }));
    await user.click(await screen.findByRole('option', { name: ADD_NEW_PROJECT }));

    expect(screen.getByRole('heading', { name: 'Create project' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Project name'), '  website ');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    expect(screen.getByLabelText('Chosen id')).toHaveTextContent('p1');
    expect(api.writes()).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Create project' })).not.toBeInTheDocument();
  });

  it("'...Add new project' with a new name creates it and picks it", async () => {
    const created = project('p9', 'Podcast');
    const api = fakeApi({
      'GET /api/projects': { body: PROJECTS },
      'POST /api/projects': { status: 201, body: created },
    });
    const user = userEvent.setup();
    renderScreen(<Harness />);
    await user.click(await screen.findByRole('button', { name: /Project/ }));
    await user.click(await screen.findByRole('option', { name: ADD_NEW_PROJECT }));
    await user.type(screen.getByLabelText('Project name'), 'Podcast');
    await user.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(screen.getByLabelText('Chosen id')).toHaveTextContent('p9'));
    expect(api.writes()).toEqual([
      { method: 'POST', path: '/api/projects', body: { name: 'Podcast', description: '' } },
    ]);
  });

  it("'...Add new project' inside an entry form creates and picks the project, submits no entry and keeps the typing", async () => {
    const created = project('p9', 'Podcast');
    const api = fakeApi({
      'GET /api/projects': { body: PROJECTS },
      'POST /api/projects': { status: 201, body: created },
    });
    const entrySubmitted = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const user = userEvent.setup();
    renderScreen(
      <form aria-label="Entry" onSubmit={entrySubmitted}>
        <input aria-label="Task" />
        <Harness />
      </form>,
    );
    await user.type(screen.getByLabelText('Task'), 'Interview');
    await user.click(await screen.findByRole('button', { name: /Project/ }));
    await user.click(await screen.findByRole('option', { name: ADD_NEW_PROJECT }));
    const name = screen.getByLabelText('Project name');
    expect(screen.getByRole('form', { name: 'Entry' })).not.toContainElement(name);
    await user.type(name, 'Podcast{Enter}');

    await waitFor(() => expect(screen.getByLabelText('Chosen id')).toHaveTextContent('p9'));
    expect(api.writes()).toEqual([
      { method: 'POST', path: '/api/projects', body: { name: 'Podcast', description: '' } },
    ]);
    expect(entrySubmitted).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Task')).toHaveValue('Interview');
  });

  it('filters the list by client as the project list does: a client, no client, or all clients', async () => {
    const acme = {
      _id: 'c1',
      name: 'Acme',
      email: '',
      address: '',
      taxId: '',
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const globex = { ...acme, _id: 'c2', name: 'Globex' };
    fakeApi({
      'GET /api/projects': {
        body: [
          makeProject({ _id: 'p1', name: 'Website', clientId: 'c1' }),
          makeProject({ _id: 'p2', name: 'App', clientId: 'c2' }),
          makeProject({ _id: 'p3', name: 'Blog', clientId: null }),
          makeProject({ _id: 'p4', name: 'Shop', clientId: 'c1' }),
        ],
      },
      'GET /api/clients': { body: [acme, globex] },
    });
    const user = userEvent.setup();
    renderScreen(<Harness />);
    await user.click(await screen.findByRole('button', { name: /Project/ }));
    const filter = await screen.findByRole('combobox', { name: 'Client' });
    const options = () => screen.getAllByRole('option').filter((o) => o.closest('[role="listbox"]'));
    const names = () => options().map((o) => o.textContent);
    expect(names()).toEqual(['App · Globex', 'Blog', 'Shop · Acme', 'Website · Acme', ADD_NEW_PROJECT]);
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All clients', 'No client', 'Acme', 'Globex']);

    await user.selectOptions(filter, 'Acme');
    expect(names()).toEqual(['Shop · Acme', 'Website · Acme', ADD_NEW_PROJECT]);
    await user.selectOptions(filter, 'No client');
    expect(names()).toEqual(['Blog', ADD_NEW_PROJECT]);
    await user.selectOptions(filter, 'Globex');
    // The list's keyboard picks among the projects shown.
    screen.getByRole('listbox').focus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Chosen id')).toHaveTextContent('p2');

    await user.click(screen.getByRole('button', { name: /Project/ }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Client' }), 'All clients');
    expect(names()).toHaveLength(5);
  });

  it('shows no client filter to a person without clients', async () => {
    fakeApi({ 'GET /api/projects': { body: PROJECTS }, 'GET /api/clients': { body: [] } });
    const user = userEvent.setup();
    renderScreen(<Harness />);
    await user.click(await screen.findByRole('button', { name: /Project/ }));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4));
    expect(screen.queryByRole('combobox', { name: 'Client' })).not.toBeInTheDocument();
  });
});
