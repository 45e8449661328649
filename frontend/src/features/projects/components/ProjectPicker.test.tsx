import { screen, waitFor } from '@testing-library/react';
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
});
