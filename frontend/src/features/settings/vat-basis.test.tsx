import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '@/app/testing';

beforeEach(() => {
  localStorage.setItem('token', 'tok');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the VAT basis setting', () => {
  it('shows the user’s basis (cash until chosen) and saves accrual through the settings API', async () => {
    const api = stubApi({
      'GET /api/auth': { body: makeUser() },
      'POST /api/usersettings': (body) => ({ body: makeUser(body as object) }),
    });
    renderApp('/settings');

    const basis = await screen.findByLabelText('VAT basis');
    expect(basis).toHaveValue('cash');
    expect(
      screen.getByRole('option', { name: 'Cash basis (Ist-Versteuerung): when you are paid' }),
    ).toBeTruthy();
    await userEvent.setup().selectOptions(basis, 'Accrual basis (Soll-Versteuerung): when you invoice');

    await waitFor(() => expect(basis).toHaveValue('accrual'));
    expect(api.callsTo('POST', '/api/usersettings').map((c) => c.body)).toEqual([{ vatBasis: 'accrual' }]);
  });

  it('keeps the basis and says why when the server refuses the change', async () => {
    stubApi({
      'GET /api/auth': { body: makeUser({ vatBasis: 'accrual' }) },
      'POST /api/usersettings': { status: 500, body: { errors: [{ msg: 'Internal error' }] } },
    });
    renderApp('/settings');

    const basis = await screen.findByLabelText('VAT basis');
    await userEvent.setup().selectOptions(basis, 'Cash basis (Ist-Versteuerung): when you are paid');

    expect(await screen.findByText(/Internal error/)).toBeInTheDocument();
    expect(basis).toHaveValue('accrual');
  });
});
