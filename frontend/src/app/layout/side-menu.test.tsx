import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '../testing';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('side menu', () => {
  it('shows the name with a FREE badge and the Upgrade link for free users', async () => {
    localStorage.setItem('token', 'tok');
    stubApi({ 'GET /api/auth': { body: makeUser({ name: 'Grace Hopper', premium: false }) } });
    renderApp('/home');

    const menu = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(menu).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(menu).getByText('FREE')).toBeInTheDocument();
    expect(within(menu).queryByText('PREMIUM')).not.toBeInTheDocument();
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Home',
      'Dashboard',
      'Projects',
      'Timesheet',
      'Reports',
      'Invoices',
      'Clients',
      'Recurring expenses',
      'Taxes',
      'Settings',
      'Upgrade',
      'Log out',
    ]);
  });

  it('shows a PREMIUM badge and hides Upgrade for premium users', async () => {
    localStorage.setItem('token', 'tok');
    stubApi({ 'GET /api/auth': { body: makeUser({ premium: true }) } });
    renderApp('/home');

    const menu = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(menu).getByText('PREMIUM')).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
  });

  it('is hidden when signed out, while the legal footer stays', async () => {
    stubApi({});
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Privacy policy' })).toBeInTheDocument();
    expect(within(legal).getByRole('link', { name: 'Terms and conditions' })).toBeInTheDocument();
    expect(within(legal).getByRole('link', { name: 'Impressum' })).toBeInTheDocument();
  });

  it('folds behind a Menu button that opens and closes it', async () => {
    localStorage.setItem('token', 'tok');
    stubApi({ 'GET /api/auth': { body: makeUser() } });
    renderApp('/home');
    const user = userEvent.setup();

    const button = await screen.findByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveClass('open');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Settings' }),
    );
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
