import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '@/app/testing';

beforeEach(() => {
  localStorage.setItem('token', 'tok');
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.className = 'dark';
});

describe('settings page', () => {
  it('disables the powered-by toggle for free users', async () => {
    stubApi({ 'GET /api/auth': { body: makeUser({ premium: false }) } });
    renderApp('/settings');

    expect(await screen.findByRole('checkbox', { name: /Show powered by/ })).toBeDisabled();
    expect(screen.getByText(/Only premium users can hide the powered-by text/)).toBeInTheDocument();
  });

  it('lets premium users turn the powered-by text off and saves it as an object', async () => {
    const api = stubApi({
      'GET /api/auth': { body: makeUser({ premium: true }) },
      'POST /api/usersettings': (body) => ({ body: makeUser({ premium: true, ...(body as object) }) }),
    });
    renderApp('/settings');

    const toggle = await screen.findByRole('checkbox', { name: /Show powered by/ });
    expect(toggle).toBeEnabled();
    await userEvent.setup().click(toggle);

    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(api.callsTo('POST', '/api/usersettings')[0]?.body).toEqual({ showPoweredBy: false });
  });

  it('shows the example number in the chosen number format and saves the choice', async () => {
    const api = stubApi({
      'GET /api/auth': { body: makeUser({ numberFormat: 'en-US' }) },
      'POST /api/usersettings': (body) => ({ body: makeUser(body as object) }),
    });
    renderApp('/settings');

    expect(await screen.findByText('12,345,678.9')).toBeInTheDocument();
    await userEvent.setup().selectOptions(screen.getByLabelText('Number format'), 'de-DE');

    expect(await screen.findByText('12.345.678,9')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/usersettings')[0]?.body).toEqual({ numberFormat: 'de-DE' });
    expect(await screen.findByText('Your settings have been saved.')).toBeInTheDocument();
  });

  it('switches the app to the chosen language, saves it and confirms in that language', async () => {
    const api = stubApi({
      'GET /api/auth': { body: makeUser() },
      'POST /api/usersettings': (body) => ({ body: makeUser(body as object) }),
    });
    renderApp('/settings');

    await userEvent.setup().selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'de');

    expect(await screen.findByText('Ihre Einstellungen wurden gespeichert.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/usersettings')[0]?.body).toEqual({ language: 'de' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Einstellungen');
    expect(screen.getByRole('navigation', { name: 'Hauptmenü' })).toHaveTextContent('Projekte');
    expect(document.documentElement.lang).toBe('de');
  });

  it('offers exactly the seven currencies and tells the user when a save fails', async () => {
    stubApi({
      'GET /api/auth': { body: makeUser({ currency: 'EUR' }) },
      'POST /api/usersettings': {
        status: 500,
        body: { errors: [{ msg: 'Internal error', code: 'INTERNAL' }] },
      },
    });
    renderApp('/settings');

    const currency = await screen.findByLabelText('Currency');
    expect(
      within(currency)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['AUD', 'CHF', 'EUR', 'GBP', 'INR', 'USD', 'ZAR']);
    await userEvent.setup().selectOptions(currency, 'USD');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your settings could not be saved: Internal error',
    );
    expect(currency).toHaveValue('EUR');
  });

  it('switches between dark and light mode and remembers the choice', async () => {
    stubApi({ 'GET /api/auth': { body: makeUser() } });
    renderApp('/settings');

    const dark = await screen.findByRole('checkbox', { name: 'Dark mode' });
    expect(dark).toBeChecked();
    expect(document.documentElement).toHaveClass('dark');

    await userEvent.setup().click(dark);

    expect(document.documentElement).toHaveClass('light');
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem('darkMode')).toBe('false');
  });
});

describe('data export', () => {
  it('downloads GET /api/exportuserdata as a JSON file named after the user', async () => {
    const exported = {
      user: { name: 'Ada Lovelace' },
      projects: [],
      timeActivities: [],
      financeActivities: [],
    };
    const api = stubApi({
      'GET /api/auth': { body: makeUser() },
      'GET /api/exportuserdata': { body: exported },
    });
    const blobs: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:export';
    };
    URL.revokeObjectURL = () => {};
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    renderApp('/settings');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Export my data' }));

    await waitFor(() => expect(clicked).toEqual(['ada-lovelace-data.json']));
    expect(api.callsTo('GET', '/api/exportuserdata')).toHaveLength(1);
    const text = await new Promise<string>((resolve) => {
      // jsdom's Blob has no text(); FileReader reads it.
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    expect(blobs[0]!.type).toBe('application/json');
    expect(JSON.parse(text)).toEqual(exported);
    click.mockRestore();
  });
});
