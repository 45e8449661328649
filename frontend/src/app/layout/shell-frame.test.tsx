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
    await screen.findByText('Loading');
    // Asked again, not the element found: the spinner may have been drawn anew meanwhile (when the
    // screen's chunk is here already, from a test before), and the old one is then gone.
    expect(screen.getByText('Loading')).toBeInTheDocument();
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

  it('says when an email was held back by the hourly cap, and from when mail goes out again', async () => {
    localStorage.setItem('token', 'tok');
    const until = new Date(Date.now() + 20 * 60_000);
    stubApi({ 'GET /api/auth': () => ({ body: makeUser({ mailHeldUntil: until.toISOString() }) }) });
    renderApp('/home');

    const notice = await screen.findByText(/An email to you was held back/);
    const hhmm = `${String(until.getHours()).padStart(2, '0')}:${String(until.getMinutes()).padStart(2, '0')}`;
    expect(notice).toHaveTextContent(`Emails go out again from ${hhmm}`);
  });

  it('shows no such notice when no email is held back', async () => {
    localStorage.setItem('token', 'tok');
    stubApi({ 'GET /api/auth': () => ({ body: makeUser({ mailHeldUntil: null }) }) });
    renderApp('/home');

    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByText(/held back/)).not.toBeInTheDocument();
  });
});
