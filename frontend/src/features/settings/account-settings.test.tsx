import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '@/app/testing';

// Each screen is a lazy chunk; on a busy machine its first load takes longer than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  localStorage.setItem('token', 'tok');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const refusal = (msg: string, param?: string, status = 400) => ({
  status,
  body: { errors: [{ msg, code: 'X', ...(param ? { param } : {}) }] },
});

describe('account settings: name', () => {
  it('saves the new name and shows it in the menu at once', async () => {
    const api = stubApi({
      'GET /api/auth': { body: makeUser() },
      'PUT /api/users': (body) => ({ body: makeUser(body as object) }),
    });
    renderApp('/settings');
    const user = userEvent.setup();

    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Ada Lovelace');
    await user.clear(name);
    await user.type(name, '  山田 太郎 ');
    await user.click(screen.getByRole('button', { name: 'Save name' }));

    expect(await screen.findByText('Your name has been saved.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users')[0]?.body).toEqual({ name: '山田 太郎' });
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByText('山田 太郎'),
    ).toBeInTheDocument();
  });

  it('asks for a name before sending anything', async () => {
    const api = stubApi({ 'GET /api/auth': { body: makeUser() } });
    renderApp('/settings');
    const user = userEvent.setup();

    await user.clear(await screen.findByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save name' }));

    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(api.callsTo('PUT', '/api/users')).toHaveLength(0);
  });
});

describe('account settings: email', () => {
  it('sends the new address with the password, then shows it as waiting while the old one stays in force', async () => {
    let pendingEmail: string | null = null;
    const api = stubApi({
      'GET /api/auth': () => ({
        body: makeUser({ email: 'ada@old.example', emailConfirmed: true, pendingEmail }),
      }),
      'PUT /api/users/email': (body) => {
        pendingEmail = (body as { email: string }).email;
        return { body: makeUser({ email: 'ada@old.example', emailConfirmed: false, pendingEmail }) };
      },
    });
    renderApp('/settings');
    const user = userEvent.setup();

    expect(await screen.findByText(/\(confirmed\)/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New email address'), 'ada@new.example');
    await user.type(screen.getByLabelText('Password'), 'my password');
    await user.click(screen.getByRole('button', { name: 'Change email address' }));

    expect(
      await screen.findByText(
        'Almost done: open the link we sent to ada@new.example to make it your address. Until then you keep signing in with your current one.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/users/email')[0]?.body).toEqual({
      email: 'ada@new.example',
      password: 'my password',
    });
    expect(await screen.findByText(/You asked to change your email address to/)).toHaveTextContent(
      'You asked to change your email address to ada@new.example. Open the link we sent there to confirm it; until then you sign in, and get our emails, at ada@old.example.',
    );
    expect(
      screen.getByRole('button', { name: 'Send the link to ada@new.example again' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('shows a wrong password under the password field and a taken address under the email field', async () => {
    let attempt = 0;
    stubApi({
      'GET /api/auth': { body: makeUser() },
      'PUT /api/users/email': () =>
        ++attempt === 1
          ? refusal('Your current password is not correct', 'password')
          : refusal('User already exists', 'email'),
    });
    renderApp('/settings');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('New email address'), 'taken@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Change email address' }));
    expect(await screen.findByText('Your current password is not correct')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Your current password is not correct',
    );

    await user.click(screen.getByRole('button', { name: 'Change email address' }));
    expect(await screen.findByText('User already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('New email address')).toHaveAccessibleDescription('User already exists');
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
  });

  it('sends a new confirmation link while the address is unconfirmed', async () => {
    const api = stubApi({
      'GET /api/auth': { body: makeUser({ emailConfirmed: false }) },
      'POST /api/confirmemail': {
        body: { msg: 'A new confirmation link has been sent to your email address' },
      },
    });
    renderApp('/settings');

    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: 'Send a new confirmation link' }));

    expect(
      await screen.findByText('A new confirmation link has been sent to your email address'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/confirmemail')).toHaveLength(1);
  });

  it('offers no new confirmation link once the address is confirmed', async () => {
    stubApi({ 'GET /api/auth': { body: makeUser({ emailConfirmed: true }) } });
    renderApp('/settings');

    expect(await screen.findByText(/\(confirmed\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a new confirmation link' })).not.toBeInTheDocument();
  });
});

describe('account settings: password', () => {
  it('changes the password, keeps this session with the new token and says other devices are out', async () => {
    const api = stubApi({
      'GET /api/auth': { body: makeUser() },
      'PUT /api/users/password': { body: { token: 'new-token' } },
    });
    const { router } = renderApp('/settings');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Current password'), 'old secret');
    await user.type(screen.getByLabelText('New password'), 'a brand new secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(
      await screen.findByText('Your password has been changed. Your other devices have been logged out.'),
    ).toBeInTheDocument();
    // Unless kept, a password change ends every API token (issue 35, item 4).
    expect(api.callsTo('PUT', '/api/users/password')[0]?.body).toEqual({
      currentPassword: 'old secret',
      password: 'a brand new secret',
      keepApiTokens: false,
    });
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(router.state.location.pathname).toBe('/settings');
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('checks that the new passwords match before sending', async () => {
    const api = stubApi({ 'GET /api/auth': { body: makeUser() } });
    renderApp('/settings');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Current password'), 'old secret');
    await user.type(screen.getByLabelText('New password'), 'a brand new secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'a brand new secreT');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'Please make sure that your passwords match',
    );
    expect(api.callsTo('PUT', '/api/users/password')).toHaveLength(0);
  });

  it('shows the server’s reasons under the fields: wrong current password, too common a new one', async () => {
    let attempt = 0;
    stubApi({
      'GET /api/auth': { body: makeUser() },
      'PUT /api/users/password': () =>
        ++attempt === 1
          ? refusal('Your current password is not correct', 'currentPassword')
          : refusal(
              'This password is one of the most common passwords and easy to guess. Please choose another one.',
              'password',
            ),
    });
    renderApp('/settings');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Current password'), 'guess');
    await user.type(screen.getByLabelText('New password'), 'password1');
    await user.type(screen.getByLabelText('Confirm new password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByLabelText('Current password')).toHaveAccessibleDescription(
      'Your current password is not correct',
    );

    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(/most common passwords/),
    );
    expect(localStorage.getItem('token')).toBe('tok');
  });
});

describe('account settings: log out of all devices', () => {
  it('asks first, ends every session on the server, clears the browser and says goodbye', async () => {
    localStorage.setItem('timeledger.timer', JSON.stringify({ startedAt: Date.now() }));
    localStorage.setItem('darkMode', 'true');
    const api = stubApi({
      'GET /api/auth': { body: makeUser() },
      'POST /api/auth/logout': { status: 204 },
    });
    const { router } = renderApp('/settings');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Log out of all devices' }));
    const dialog = screen.getByRole('dialog', { name: 'Log out of all devices?' });
    await user.click(within(dialog).getByRole('button', { name: 'Log out everywhere' }));

    expect(await screen.findByRole('heading', { name: 'Goodbye!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/loggedout');
    const calls = api.callsTo('POST', '/api/auth/logout');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ everywhere: true });
    expect(calls[0]?.headers['x-auth-token']).toBe('tok');
    // The goodbye page clears the browser in its effect, which may run just after its first paint.
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(localStorage.getItem('timeledger.timer')).toBeNull();
    expect(localStorage.getItem('darkMode')).toBe('true');
  });

  it('keeps the session and says so when the server could not be told', async () => {
    stubApi({
      'GET /api/auth': { body: makeUser() },
      'POST /api/auth/logout': refusal('Server error', undefined, 500),
    });
    renderApp('/settings');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Log out of all devices' }));
    await user.click(screen.getByRole('button', { name: 'Log out everywhere' }));

    expect(
      await screen.findByText('Your other devices could not be logged out. Please try again.'),
    ).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('tok');
  });
});

describe('account settings of the demo account', () => {
  it('offers no name, email or password change', async () => {
    stubApi({ 'GET /api/auth': { body: makeUser({ isDemo: true }) } });
    renderApp('/settings');

    expect(
      await screen.findByText(/The demo account’s name, email address and password cannot be changed/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log out of all devices' })).not.toBeInTheDocument();
  });
});
