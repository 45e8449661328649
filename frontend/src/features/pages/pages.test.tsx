import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '@/app/testing';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('static pages', () => {
  it('lists the changes with their dates, newest first, for anyone', async () => {
    stubApi({});
    renderApp('/changelog');

    expect(await screen.findByRole('heading', { name: 'Changelog' })).toBeInTheDocument();
    const dates = screen.getAllByRole('term').map((t) => t.textContent);
    expect(dates.length).toBeGreaterThan(1);
    for (const date of dates) expect(date).toMatch(/^\d{2} [A-Z][a-z]{2} \d{4}$/);
    const times = dates.map((d) => Date.parse(`${d} UTC`));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('marks the impressum details as placeholders the operator must fill in', async () => {
    stubApi({});
    renderApp('/impressum');

    expect(await screen.findByRole('heading', { name: 'Impressum' })).toBeInTheDocument();
    expect(
      screen.getByText(/the operator of this deployment must replace the bracketed text/),
    ).toBeInTheDocument();
    expect(screen.getByText(/\[Operator name or company\]/)).toBeInTheDocument();
  });

  it('links the privacy policy and the terms from the footer', async () => {
    stubApi({});
    renderApp('/');
    const user = userEvent.setup();
    const legal = await screen.findByRole('navigation', { name: 'Legal' });

    await user.click(within(legal).getByRole('link', { name: 'Privacy policy' }));
    expect(await screen.findByRole('heading', { name: 'Privacy policy' })).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('navigation', { name: 'Legal' })).getByRole('link', {
        name: 'Terms and conditions',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Terms and conditions' })).toBeInTheDocument();
  });

  it('states the free limits in the terms once the server has said them, and none before', async () => {
    stubApi({});
    renderApp('/terms');
    expect(
      await screen.findByText(/Free accounts hold a limited number of projects and items/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/125/)).not.toBeInTheDocument();
  });

  it('states the limits the server answers in the terms when signed in', async () => {
    localStorage.setItem('token', 'tok');
    stubApi({ 'GET /api/auth': { body: makeUser({ limits: { projects: 4, items: 250 } }) } });
    renderApp('/terms');
    expect(
      await screen.findByText(/Free accounts hold up to 4 projects and 250 items\./),
    ).toBeInTheDocument();
  });
});

describe('tutorial', () => {
  it('is suggested on the welcome page until the user has read it once', async () => {
    localStorage.setItem('token', 'tok');
    const api = stubApi({
      'GET /api/auth': { body: makeUser({ hasSeenTutorial: false }) },
      'POST /api/usersettings': (body) => ({ body: makeUser(body as object) }),
    });
    const { router } = renderApp('/home');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('link', { name: 'Read how Timeledger works' }));
    expect(await screen.findByRole('heading', { name: 'How Timeledger works' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/usersettings')[0]?.body).toEqual({ hasSeenTutorial: true }),
    );

    await router.navigate('/home');
    expect(await screen.findByRole('heading', { name: /^Welcome/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Read how Timeledger works' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).not.toHaveTextContent('Tutorial');
  });
});
