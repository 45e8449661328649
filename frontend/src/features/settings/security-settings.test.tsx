import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '@/app/testing';

// Each screen is a lazy chunk (and the QR code's library another); on a busy machine they take a while.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  localStorage.setItem('token', 'tok');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

describe('settings: two-factor sign-in', () => {
  it('turns it on: password, QR code and key, a code, then the recovery codes once', async () => {
    let on = false;
    const api = stubApi({
      'GET /api/auth': () => ({ body: makeUser({ twoFactor: on }) }),
      'GET /api/apitokens': { body: [] },
      'POST /api/users/2fa': {
        body: { secret: SECRET, otpauthUrl: `otpauth://totp/Timeledger:ada%40example.com?secret=${SECRET}` },
      },
      'POST /api/users/2fa/confirm': () => {
        on = true;
        return { body: { recoveryCodes: CODES, token: 'token-after-2fa' } };
      },
    });
    renderApp('/settings');
    const user = userEvent.setup();
    const card = within(await screen.findByRole('region', { name: 'Two-factor sign-in' }));
    expect(card.getByText(/Two-factor sign-in is off/)).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    await user.type(card.getByLabelText('Password'), 'correct horse battery');
    await user.click(card.getByRole('button', { name: 'Continue' }));

    expect(await card.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(card.getByLabelText('Key for your authenticator app')).toHaveValue(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    await user.click(card.getByRole('button', { name: 'Turn on' }));
    expect(card.getByText('Please enter the code')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/users/2fa/confirm')).toHaveLength(0);
    await user.type(card.getByLabelText('Authentication code'), ' 123456 ');
    await user.click(card.getByRole('button', { name: 'Turn on' }));

    const list = await card.findByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(api.callsTo('POST', '/api/users/2fa')[0]?.body).toEqual({ password: 'correct horse battery' });
    expect(api.callsTo('POST', '/api/users/2fa/confirm')[0]?.body).toEqual({ code: '123456' });
    // Sessions from before 2FA was on ended: this one goes on with the answer's token.
    expect(localStorage.getItem('token')).toBe('token-after-2fa');

    await user.click(card.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(await card.findByText(/Two-factor sign-in is on/)).toBeInTheDocument();
    expect(card.queryByText(CODES[0] as string)).not.toBeInTheDocument();
  });

  it('shows a wrong password under the field and stays on that step', async () => {
    stubApi({
      'GET /api/auth': { body: makeUser() },
      'GET /api/apitokens': { body: [] },
      'POST /api/users/2fa': {
        status: 400,
        body: {
          errors: [
            { msg: 'Your current password is not correct', code: 'WRONG_PASSWORD', param: 'password' },
          ],
        },
      },
    });
    renderApp('/settings');
    const user = userEvent.setup();
    const card = within(await screen.findByRole('region', { name: 'Two-factor sign-in' }));

    await user.click(card.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    await user.type(card.getByLabelText('Password'), 'nope');
    await user.click(card.getByRole('button', { name: 'Continue' }));

    expect(await card.findByText('Your current password is not correct')).toBeInTheDocument();
    expect(card.queryByRole('img')).not.toBeInTheDocument();
  });

  it('turns it off with the password and a code', async () => {
    let on = true;
    const api = stubApi({
      'GET /api/auth': () => ({ body: makeUser({ twoFactor: on }) }),
      'GET /api/apitokens': { body: [] },
      'DELETE /api/users/2fa': () => {
        on = false;
        return { status: 204 };
      },
    });
    renderApp('/settings');
    const user = userEvent.setup();
    const card = within(await screen.findByRole('region', { name: 'Two-factor sign-in' }));
    expect(card.getByText(/Two-factor sign-in is on/)).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    await user.type(card.getByLabelText('Password'), 'correct horse battery');
    await user.type(card.getByLabelText('Authentication code'), 'abcde-fghij');
    await user.click(card.getByRole('button', { name: 'Turn off two-factor sign-in' }));

    expect(await card.findByText(/Two-factor sign-in is off/)).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/users/2fa')[0]?.body).toEqual({
      password: 'correct horse battery',
      code: 'abcde-fghij',
    });
  });

  it('is not offered to the demo account', async () => {
    stubApi({ 'GET /api/auth': { body: makeUser({ isDemo: true }) } });
    renderApp('/settings');
    const card = within(await screen.findByRole('region', { name: 'Two-factor sign-in' }));
    expect(card.getByText(/cannot be turned on for the shared demo account/)).toBeInTheDocument();
    expect(card.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('settings: API tokens', () => {
  it('creates a token, shows it once, lists it, and deletes it after a confirmation', async () => {
    let tokens: unknown[] = [
      {
        _id: 'T1',
        name: 'Old script',
        scope: 'write',
        createdAt: '2026-03-01T10:00:00.000Z',
        lastUsedAt: '2026-03-05T10:00:00.000Z',
      },
    ];
    const api = stubApi({
      'GET /api/auth': { body: makeUser() },
      'GET /api/apitokens': () => ({ body: tokens }),
      'POST /api/apitokens': (body) => {
        const made = {
          _id: 'T2',
          ...(body as object),
          createdAt: '2026-03-06T10:00:00.000Z',
          lastUsedAt: null,
        };
        tokens = [...tokens, made];
        return { status: 201, body: { ...made, token: 'tl_secret-shown-once' } };
      },
      'DELETE /api/apitokens/T1': () => {
        tokens = tokens.slice(1);
        return { status: 204 };
      },
    });
    renderApp('/settings');
    const user = userEvent.setup();
    const card = within(await screen.findByRole('region', { name: 'API tokens' }));
    const list = await card.findByRole('list', { name: 'Your API tokens' });
    expect(list).toHaveTextContent(
      'Old script · Read and write · created 01 Mar 2026 · last used 05 Mar 2026',
    );

    await user.click(card.getByRole('button', { name: 'Create token' }));
    expect(card.getByText('Name is required')).toBeInTheDocument();
    await user.type(card.getByLabelText('Token name'), '  Monthly report 📈 ');
    await user.selectOptions(card.getByLabelText('Access'), 'Read only');
    await user.click(card.getByRole('button', { name: 'Create token' }));
    expect(card.getByText('Password is required')).toBeInTheDocument();
    expect(card.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    await user.type(card.getByLabelText('Your password'), 'correct horse battery');
    await user.click(card.getByRole('button', { name: 'Create token' }));

    expect(await card.findByLabelText('New API token')).toHaveValue('tl_secret-shown-once');
    expect(api.callsTo('POST', '/api/apitokens')[0]?.body).toEqual({
      name: 'Monthly report 📈',
      scope: 'read',
      password: 'correct horse battery',
    });
    await waitFor(() =>
      expect(card.getByRole('list', { name: 'Your API tokens' })).toHaveTextContent('never used'),
    );
    await user.click(card.getByRole('button', { name: 'Done' }));
    expect(card.queryByLabelText('New API token')).not.toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Delete the token Old script' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the token “Old script”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('The token was deleted.')).toBeInTheDocument();
    await waitFor(() => expect(card.queryByText(/Old script/)).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/apitokens/T1')).toHaveLength(1);
  });
});

describe('login with two-factor sign-in', () => {
  it('asks for the code when the account needs one, then signs in with it', async () => {
    const api = stubApi({
      'POST /api/auth': (body) =>
        (body as { code?: string }).code === 'abcde-fghij'
          ? { body: { token: 't-2fa' } }
          : {
              status: 401,
              body: { errors: [{ msg: 'Enter the code', code: 'TWO_FACTOR_REQUIRED' }] },
            },
      'GET /api/auth': { body: makeUser({ twoFactor: true }) },
    });
    localStorage.clear();
    renderApp('/login');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText(/Two-factor sign-in is on for this account/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Authentication code'), 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace!' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth').map((c) => c.body)).toEqual([
      { email: 'ada@example.com', password: 'secret-pass' },
      { email: 'ada@example.com', password: 'secret-pass', code: 'abcde-fghij' },
    ]);
  });

  it('says a wrong or used code is not valid and keeps asking', async () => {
    stubApi({
      'POST /api/auth': (body) =>
        (body as { code?: string }).code
          ? { status: 401, body: { errors: [{ msg: 'x', code: 'TWO_FACTOR_INVALID' }] } }
          : { status: 401, body: { errors: [{ msg: 'x', code: 'TWO_FACTOR_REQUIRED' }] } },
    });
    localStorage.clear();
    renderApp('/login');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This code is not valid, or it has already been used',
    );
    expect(screen.getByLabelText('Authentication code')).toHaveValue('');
  });
});
