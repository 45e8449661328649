import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '@/app/testing';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('login form', () => {
  it('asks for email and password and sends nothing until both are filled', async () => {
    const api = stubApi({});
    renderApp('/');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth')).toHaveLength(0);
  });

  it('says the login failed and removes the stored token when the credentials are wrong', async () => {
    stubApi({
      'POST /api/auth': {
        status: 400,
        body: { errors: [{ msg: 'Invalid Credentials', code: 'INVALID_CREDENTIALS' }] },
      },
    });
    renderApp('/login');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    localStorage.setItem('token', 'left-over');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Login failed. Please check your login credentials',
    );
    expect(screen.queryByText('Invalid Credentials')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('says to try again in a few seconds when too many sign-ins run at once (503 SIGN_IN_BUSY)', async () => {
    stubApi({
      'POST /api/auth': {
        status: 503,
        body: {
          errors: [
            {
              msg: 'Too many sign-ins at the same time. Please try again in a few seconds.',
              code: 'SIGN_IN_BUSY',
            },
          ],
        },
      },
    });
    renderApp('/login');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-ins at the same time. Please try again in a few seconds.',
    );
    expect(screen.queryByText(/Login failed/)).not.toBeInTheDocument();
  });

  it('signs in and shows the welcome page with its four big buttons', async () => {
    const api = stubApi({
      'POST /api/auth': { body: { token: 't-1' } },
      'GET /api/auth': { body: makeUser() },
    });
    renderApp('/');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace!' })).toBeInTheDocument();
    const welcome = within(screen.getByRole('main'));
    expect(welcome.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Track time' })).toHaveAttribute('href', '/tracktimeactivity');
    expect(screen.getByRole('link', { name: 'Track income' })).toHaveAttribute(
      'href',
      '/trackincomeactivity',
    );
    expect(screen.getByRole('link', { name: 'Track expense' })).toHaveAttribute(
      'href',
      '/trackexpenseactivity',
    );
    expect(api.callsTo('POST', '/api/auth')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'secret-pass',
    });
    expect(localStorage.getItem('token')).toBe('t-1');
    expect(api.callsTo('GET', '/api/auth')[0]?.headers['x-auth-token']).toBe('t-1');
  });

  it('signs in to the demo account with the demo button', async () => {
    const api = stubApi({
      'POST /api/auth/demo': { body: { token: 'demo-token' } },
      'GET /api/auth': { body: makeUser({ name: 'Demo User', isDemo: true }) },
    });
    renderApp('/home');

    expect(await screen.findByText(/reset often/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try the demo account' }));

    expect(await screen.findByRole('heading', { name: 'Welcome, Demo User!' })).toBeInTheDocument();
    expect(screen.getByText(/You are using the shared demo account/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'create your own account' })).toHaveAttribute('href', '/signup');
    expect(api.callsTo('POST', '/api/auth/demo')).toHaveLength(1);
  });
});

describe('the remembered path', () => {
  it('sends a signed-out visitor to the start page and, once, back to the page they asked for', async () => {
    stubApi({
      'POST /api/auth': { body: { token: 't-2' } },
      'GET /api/auth': { body: makeUser() },
    });
    const { router } = renderApp('/settings');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('redirectPath')).toBe('/settings');

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
    expect(localStorage.getItem('redirectPath')).toBeNull();

    // The second login starts on the welcome page: the path was used once.
    await router.navigate('/loggedout');
    expect(await screen.findByRole('heading', { name: 'Goodbye!' })).toBeInTheDocument();
    await router.navigate('/');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada Lovelace!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('session', () => {
  it('treats a stored token the server refuses as signed out and forgets it', async () => {
    localStorage.setItem('token', 'expired');
    stubApi({
      'GET /api/auth': {
        status: 401,
        body: { errors: [{ msg: 'Token is not valid', code: 'INVALID_TOKEN' }] },
      },
    });
    const { router } = renderApp('/projects');

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('redirectPath')).toBe('/projects');
    await waitFor(() => expect(document.title).toBe('Log in · Timeledger'));
  });
});

describe('session trouble', () => {
  it('keeps the session when the user cannot be loaded for a server error, and tries again', async () => {
    localStorage.setItem('token', 'good');
    let serverUp = false;
    stubApi({
      'GET /api/auth': () =>
        serverUp
          ? { body: makeUser() }
          : { status: 503, body: { errors: [{ msg: 'Service unavailable', code: 'UNAVAILABLE' }] } },
    });
    renderApp('/settings');

    expect(
      await screen.findByRole('heading', { name: 'Your account could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Service unavailable');
    expect(localStorage.getItem('token')).toBe('good');

    serverUp = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
  });
});

describe('signup form', () => {
  it('shows every required message, including the terms and age checkboxes, and sends nothing', async () => {
    const api = stubApi({});
    renderApp('/signup');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign up' }));

    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Please read and agree with the above')).toBeInTheDocument();
    expect(
      screen.getByText(
        'You need to state that you are at least 18 years old before you are allowed to use the service',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/users')).toHaveLength(0);
  });

  it('shows the server’s refusal such as an already registered email', async () => {
    const api = stubApi({
      'POST /api/users': {
        status: 400,
        body: { errors: [{ msg: 'User already exists', code: 'USER_EXISTS' }] },
      },
    });
    renderApp('/signup');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByLabelText(/agree with the terms/));
    await user.click(screen.getByLabelText('I am at least 18 years old'));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('User already exists');
    expect(api.callsTo('POST', '/api/users')[0]?.body).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'secret-pass',
      // The language on screen, for the confirmation email.
      language: 'en',
    });
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('forgot password form', () => {
  it('requires an email, then confirms with a toast that the email was sent', async () => {
    const api = stubApi({ 'POST /api/forgotpassword': { body: { msg: 'ok' } } });
    renderApp('/forgotpassword');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/forgotpassword')).toHaveLength(0);

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText('An email has been sent to that address')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/forgotpassword')[0]?.body).toEqual({
      email: 'ada@example.com',
      language: 'en',
    });
  });
});

describe('reset password form', () => {
  it('says when the passwords do not match and does not send the form', async () => {
    const api = stubApi({});
    renderApp('/resetpassword/tok-123');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('New password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Repeat new password'), 'new-secret-2');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(screen.getByText('Please make sure that your passwords match')).toBeInTheDocument();
    expect(screen.queryByText('Your password has been reset!')).not.toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/resetpassword')).toHaveLength(0);
  });

  it('requires email and password, then resets with the token from the link', async () => {
    const api = stubApi({ 'PUT /api/resetpassword': { body: { msg: 'ok' } } });
    renderApp('/resetpassword/tok-123');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Reset password' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('New password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Repeat new password'), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByText('Your password has been reset!')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/resetpassword')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'new-secret-1',
      password2: 'new-secret-1',
      resetToken: 'tok-123',
    });
  });
});

describe('confirm email page', () => {
  it('confirms the token from either spelling of the route and shows the outcome', async () => {
    const api = stubApi({ 'GET /api/confirmemail/abc': { body: makeUser() } });
    renderApp('/confirmEmail/abc');

    expect(await screen.findByText('Thank you! Your email address has been confirmed.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/confirmemail/abc')).toHaveLength(1);
  });

  it('says so when the link is not valid', async () => {
    stubApi({
      'GET /api/confirmemail/used': {
        status: 400,
        body: { errors: [{ msg: 'Invalid or expired token', code: 'INVALID_TOKEN' }] },
      },
    });
    renderApp('/confirmemail/used');

    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is invalid');
  });

  it('names the address to sign in with from now on', async () => {
    stubApi({ 'GET /api/confirmemail/moved': { body: makeUser({ email: 'ada@new.example' }) } });
    renderApp('/confirmemail/moved');

    expect(await screen.findByText('From now on you sign in with ada@new.example.')).toBeInTheDocument();
  });
});

describe('undo email change page', () => {
  it('undoes nothing on opening, only when the button is pressed, then points to a password reset', async () => {
    const api = stubApi({ 'POST /api/undoemailchange': { body: { msg: 'undone' } } });
    renderApp('/undoemailchange/undo-123');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Undo the change' }));

    expect(
      await screen.findByText(
        'The change has been undone: your account keeps its previous email address, and every session has been signed out.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/undoemailchange')).toEqual([
      expect.objectContaining({ body: { token: 'undo-123' } }),
    ]);
    expect(screen.getByRole('link', { name: 'Reset your password' })).toHaveAttribute(
      'href',
      '/forgotpassword',
    );
  });

  it('says why a used link cannot undo anything', async () => {
    stubApi({
      'POST /api/undoemailchange': {
        status: 400,
        body: { errors: [{ msg: 'This email change has already been undone', code: 'UNDO_LINK_USED' }] },
      },
    });
    renderApp('/undoemailchange/used');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Undo the change' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The change could not be undone. (This email change has already been undone)',
    );
  });
});

describe('logged out page', () => {
  it('ends this session on the server and leaves nothing of the account in the browser but the theme and the language', async () => {
    localStorage.setItem('token', 't-4');
    localStorage.setItem('timeledger.timer', JSON.stringify({ startedAt: Date.now(), projectId: 'p1' }));
    localStorage.setItem('redirectPath', '/projects/p1');
    localStorage.setItem('darkMode', 'false');
    sessionStorage.setItem('draft', 'x');
    const api = stubApi({ 'GET /api/auth': { body: makeUser() }, 'POST /api/auth/logout': { status: 204 } });
    renderApp('/loggedout');

    expect(await screen.findByRole('heading', { name: 'Goodbye!' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/api/auth/logout')).toHaveLength(1));
    const [call] = api.callsTo('POST', '/api/auth/logout');
    expect(call?.headers['x-auth-token']).toBe('t-4');
    expect(call?.body).toBeUndefined();
    // The language stays, so the login page after a logout speaks it (issue 34, item 11).
    await waitFor(() => expect(Object.keys(localStorage).sort()).toEqual(['darkMode', 'language']));
    expect(localStorage.getItem('language')).toBe('en');
    expect(sessionStorage.length).toBe(0);
  });

  it('ends the session in the browser even when the server cannot be reached', async () => {
    localStorage.setItem('token', 't-5');
    stubApi({
      'GET /api/auth': { body: makeUser() },
      'POST /api/auth/logout': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp('/loggedout');

    expect(await screen.findByRole('heading', { name: 'Goodbye!' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
  });

  it('ends the session and offers Home, Login and Sign up', async () => {
    localStorage.setItem('token', 't-3');
    stubApi({ 'GET /api/auth': { body: makeUser() } });
    renderApp('/loggedout');

    expect(await screen.findByRole('heading', { name: 'Goodbye!' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(screen.getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});
