import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '../testing';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the signed-in frame', () => {
  it('waits for the session before drawing anything that would move, then shows menu, quick entry and footer together', async () => {
    localStorage.setItem('token', 'tok');
    let answer: (user: ReturnType<typeof makeUser>) => void = () => {};
    const session = new Promise<ReturnType<typeof makeUser>>((resolve) => {
      answer = resolve;
    });
    stubApi({ 'GET /api/auth': async () => ({ body: await session }) });
    renderApp('/home');

    // The session is on its way: no frame drawn signed out (no footer), only the spinner.
    expect(await screen.findByText('Loading')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Legal' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    answer(makeUser());
    // The quick-entry bar comes from its own chunk and is there with the rest of the frame.
    expect(await screen.findByRole('textbox', { name: 'What are you working on?' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Legal' })).toBeInTheDocument();
  });

  it('is not drawn for a signed-out visitor, who loads no quick-entry bar', async () => {
    stubApi({});
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Quick entry' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Legal' })).toBeInTheDocument();
  });
});
