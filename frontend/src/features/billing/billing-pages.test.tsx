import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '@/app/testing';

beforeEach(() => {
  localStorage.setItem('token', 'tok');
  configure({ asyncUtilTimeout: 5_000 });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const H = 3_600_000;
const acme = {
  _id: 'c1',
  name: 'Acme',
  email: '',
  address: '',
  taxId: '',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('reports page', { timeout: 30_000 }, () => {
  it('shows the rows and total of the chosen grouping, names the row without a client, and asks again when the grouping changes', async () => {
    const asked: URL[] = [];
    const api = stubApi({
      'GET /api/auth': { body: makeUser({ premium: true }) },
      'GET /api/clients': { body: [acme] },
      'GET /api/projects': { body: [] },
      'GET /api/tags': { body: [{ name: 'review', count: 2 }] },
      'GET /api/reports': (_body, url) => {
        asked.push(url);
        return {
          body: {
            rows: [
              {
                key: 'c1',
                label: 'Acme',
                timeMs: 2 * H,
                billableMs: 2 * H,
                roundedBillableMs: 2 * H,
                billableAmount: 200,
              },
              {
                key: null,
                label: 'No client',
                timeMs: H,
                billableMs: 0,
                roundedBillableMs: 0,
                billableAmount: 0,
              },
            ],
            total: { timeMs: 3 * H, billableMs: 2 * H, roundedBillableMs: 2 * H, billableAmount: 200 },
          },
        };
      },
      'POST /api/usersettings': (body) => ({ body: makeUser({ premium: true, ...(body as object) }) }),
    });
    renderApp('/reports');
    await screen.findByRole('heading', { level: 1, name: 'Reports' }, { timeout: 10_000 });
    const user = userEvent.setup();
    // Dates in the user's format, not 2026-11-01 (issue 34 item 11).
    expect(
      await screen.findByText(/^From \d{2} [A-Z][a-z]{2} \d{4} to \d{2} [A-Z][a-z]{2} \d{4}$/),
    ).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Group by'), 'client');
    const table = await screen.findByRole('table', { name: 'Time by Client' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Acme', '02:00', '02:00', '02:00', '€200.00'],
      ['No client', '01:00', '00:00', '00:00', '€0.00'],
      ['Total', '03:00', '02:00', '02:00', '€200.00'],
    ]);
    expect(asked.at(-1)?.searchParams.get('groupby')).toBe('client');

    await user.selectOptions(screen.getByLabelText('Client'), 'c1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Billable' }), 'true');
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('clientid')).toBe('c1'));
    expect(asked.at(-1)?.searchParams.get('billable')).toBe('true');

    await user.selectOptions(screen.getByLabelText('Rounding'), 'up');
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/usersettings')[0]?.body).toEqual({
        rounding: { mode: 'up', minutes: 15 },
      }),
    );
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
  });
});

describe('clients page', { timeout: 30_000 }, () => {
  it('adds a client and shows the server’s refusal of a taken name', async () => {
    let clients = [acme];
    const api = stubApi({
      'GET /api/auth': { body: makeUser() },
      'GET /api/clients': () => ({ body: clients }),
      'POST /api/clients': (body) => {
        const { name } = body as { name: string };
        if (name.toLowerCase() === 'acme') {
          return {
            status: 400,
            body: {
              errors: [{ msg: 'You already have a client with this name', code: 'CLIENT_NAME_TAKEN' }],
            },
          };
        }
        const created = { ...acme, _id: 'c2', name };
        clients = [...clients, created];
        return { status: 201, body: created };
      },
    });
    renderApp('/clients');
    await screen.findByRole('heading', { level: 1, name: 'Clients' }, { timeout: 10_000 });
    const user = userEvent.setup();
    expect(await screen.findByText('Acme')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Name'), 'ACME');
    await user.click(screen.getByRole('button', { name: 'Add client' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have a client with this name');

    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Globex 🌐');
    await user.click(screen.getByRole('button', { name: 'Add client' }));
    expect(await screen.findByText('Globex 🌐')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/clients').at(-1)?.body).toEqual({
      name: 'Globex 🌐',
      email: '',
      address: '',
      street: '',
      postcode: '',
      city: '',
      country: 'DE',
      language: null,
      vatId: '',
      buyerReference: '',
    });
  });
});
