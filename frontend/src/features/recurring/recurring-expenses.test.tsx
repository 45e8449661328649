import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '@/app/testing';
import { makeProject } from '@/test/fixtures';

beforeEach(() => {
  localStorage.setItem('token', 'tok');
  configure({ asyncUtilTimeout: 5_000 });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const rent = {
  _id: 'r1',
  projectId: 'p2',
  activity: 'Office rent',
  amount: 450,
  vatAmount: 0,
  category: 'rent',
  interval: 'monthly',
  startDate: '2026-01-31',
  endDate: null,
  nextDue: '2026-12-31',
  createdAt: '2026-01-31T00:00:00.000Z',
  updatedAt: '2026-01-31T00:00:00.000Z',
};

function server() {
  let rules: Record<string, unknown>[] = [rent];
  const api = stubApi({
    'GET /api/auth': { body: makeUser() },
    'GET /api/projects': {
      body: [makeProject({ _id: 'p1', name: 'Website' }), makeProject({ _id: 'p2', name: 'Studio 🎨' })],
    },
    'GET /api/recurringexpenses': () => ({ body: rules }),
    'POST /api/recurringexpenses': (body) => {
      const created = { ...rent, ...(body as object), _id: 'r2', nextDue: '2027-01-15' };
      rules = [...rules, created];
      return { status: 201, body: created };
    },
    'PUT /api/recurringexpenses/r1': (body) => {
      const b = body as { endDate?: string };
      if (b.endDate && b.endDate < rent.startDate) {
        return {
          status: 400,
          body: {
            errors: [
              {
                msg: 'The end date must not be before the start date',
                code: 'END_BEFORE_START_DATE',
                param: 'endDate',
              },
            ],
          },
        };
      }
      rules = rules.map((r) => (r._id === 'r1' ? { ...r, ...(body as object) } : r));
      return { body: rules.find((r) => r._id === 'r1') };
    },
    'DELETE /api/recurringexpenses/r1': () => {
      rules = rules.filter((r) => r._id !== 'r1');
      return { body: { msg: 'Recurring expense removed', _id: 'r1' } };
    },
  });
  return api;
}

describe('recurring expenses page', { timeout: 30_000 }, () => {
  it('lists the rules with their next booking, adds one with exact amounts, and is in the menu', async () => {
    const api = server();
    renderApp('/recurring');
    await screen.findByRole('heading', { level: 1, name: 'Recurring expenses' }, { timeout: 10_000 });
    const user = userEvent.setup();
    expect(await screen.findByText('Office rent')).toBeInTheDocument();
    expect(screen.getByText('Monthly: €450.00')).toBeInTheDocument();
    expect(screen.getByText('Next booking on 31 Dec 2026')).toBeInTheDocument();
    expect(screen.getByText('Studio 🎨 · Rent')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Recurring expenses' })).toHaveAttribute('href', '/recurring');

    const add = within(screen.getByRole('region', { name: 'New recurring expense' }));
    await user.selectOptions(await add.findByLabelText('Project'), 'p2');
    await user.type(add.getByLabelText('Task'), 'Design tools 🖌️');
    await user.type(add.getByLabelText('Amount (net)'), '59.90');
    await user.type(add.getByLabelText('VAT paid'), '11.38');
    await user.selectOptions(add.getByLabelText('Category'), 'software');
    await user.selectOptions(add.getByLabelText('How often'), 'quarterly');
    await user.clear(add.getByLabelText('First due date'));
    await user.type(add.getByLabelText('First due date'), '2026-01-15');
    await user.click(add.getByRole('button', { name: 'Add recurring expense' }));

    expect(await screen.findByText('Design tools 🖌️')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/recurringexpenses').at(-1)?.body).toEqual({
      projectId: 'p2',
      activity: 'Design tools 🖌️',
      amount: 59.9,
      vatAmount: 11.38,
      category: 'software',
      interval: 'quarterly',
      startDate: '2026-01-15',
      endDate: null,
    });
    expect(screen.getByText('Quarterly: €59.90')).toBeInTheDocument();
  });

  it('edits a rule, shows the server’s refusal in words, and deletes only after confirmation', async () => {
    const api = server();
    renderApp('/recurring');
    const user = userEvent.setup();
    await screen.findByText('Office rent', {}, { timeout: 10_000 });

    await user.click(screen.getByRole('button', { name: 'Edit Office rent' }));
    const form = screen.getByRole('button', { name: 'Save' }).closest('form') as HTMLFormElement;
    await user.type(within(form).getByLabelText('Last date (optional)'), '2025-12-31');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The end date must not be before the start date',
    );

    await user.clear(within(form).getByLabelText('Last date (optional)'));
    await user.type(within(form).getByLabelText('Last date (optional)'), '2026-06-30');
    await user.clear(within(form).getByLabelText('Amount (net)'));
    await user.type(within(form).getByLabelText('Amount (net)'), '480');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Monthly: €480.00')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/recurringexpenses/r1').at(-1)?.body).toMatchObject({
      amount: 480,
      endDate: '2026-06-30',
      startDate: '2026-01-31',
    });

    await user.click(screen.getByRole('button', { name: 'Delete Office rent' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('The expenses it has booked stay.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', '/api/recurringexpenses/r1')).toHaveLength(0);
    expect(screen.getByText('Office rent')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Office rent' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Office rent')).toBeNull());
    expect(api.callsTo('DELETE', '/api/recurringexpenses/r1')).toHaveLength(1);
  });
});
