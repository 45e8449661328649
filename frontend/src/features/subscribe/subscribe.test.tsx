import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '@/app/testing';

beforeEach(() => {
  localStorage.setItem('token', 'tok');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('subscribe page', () => {
  it('shows the offer: Coming soon!, the prices and free versus premium', async () => {
    stubApi({ 'GET /api/auth': { body: makeUser() } });
    renderApp('/subscribe');

    expect(await screen.findByText('Coming soon!')).toBeInTheDocument();
    expect(screen.getByText(/Up to 3 projects/)).toBeInTheDocument();
    expect(screen.getByText(/Up to 125 items/)).toBeInTheDocument();
    expect(screen.getByText(/Unlimited projects/)).toBeInTheDocument();
    expect(screen.getByText('Premium will cost 2.99 EUR monthly or 29.99 EUR yearly.')).toBeInTheDocument();
  });

  it('states the free limits the server answers, not numbers of its own', async () => {
    stubApi({ 'GET /api/auth': { body: makeUser({ limits: { projects: 5, items: 300 } }) } });
    renderApp('/subscribe');

    expect(await screen.findByText('Up to 5 projects')).toBeInTheDocument();
    expect(
      screen.getByText('Up to 300 items (time entries, income and expenses together)'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/125/)).not.toBeInTheDocument();
  });

  it('says "Invalid voucher code" when the code is refused', async () => {
    stubApi({
      'GET /api/auth': { body: makeUser() },
      'POST /api/claimvouchercode/NOPE': {
        status: 400,
        body: { errors: [{ msg: 'Invalid voucher code', code: 'INVALID_VOUCHER' }] },
      },
    });
    renderApp('/subscribe');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Voucher code'), 'NOPE');
    await user.click(screen.getByRole('button', { name: 'Redeem voucher' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid voucher code');
    expect(screen.getByText('FREE')).toBeInTheDocument();
  });

  it('makes the user premium with a valid code: PREMIUM badge, no Upgrade link, button disabled', async () => {
    let premium = false;
    stubApi({
      'GET /api/auth': () => ({ body: makeUser({ premium }) }),
      'POST /api/claimvouchercode/GOOD-CODE': () => {
        premium = true;
        return { body: true };
      },
    });
    renderApp('/subscribe');
    const user = userEvent.setup();

    expect(await screen.findByRole('link', { name: 'Upgrade' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Voucher code'), 'GOOD-CODE');
    await user.click(screen.getByRole('button', { name: 'Redeem voucher' }));

    expect(await screen.findByText('PREMIUM')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Redeem voucher' })).toBeDisabled();
  });
});
