import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderScreen } from '@/test/render';
import type { FinanceActivity } from '../api/entries';
import { FinanceActivityForm } from './FinanceActivityForm';
import type { ProjectPickerProps } from './types';

function StubPicker({ value, onChange }: ProjectPickerProps) {
  return (
    <label>
      Project
      <select value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose a project</option>
        <option value="p1">Website</option>
      </select>
    </label>
  );
}

const expense: FinanceActivity = {
  _id: 'f1',
  user: 'u1',
  projectId: 'p1',
  activity: 'Software',
  description: 'Licence',
  date: '2026-01-05T00:00:00.000Z',
  amount: 25.5,
  expense: true,
  notes: 'yearly',
  vatAmount: 4.85,
  category: 'software',
  receipts: [],
};

describe('income and expense forms', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tracks an expense with a positive amount and expense=true, then goes home with a confirmation', async () => {
    const api = fakeApi({
      'GET /api/projectfinancetasklist': { body: [] },
      'POST /api/financeactivities': (call) => ({
        status: 201,
        body: { _id: 'f9', ...(call.body as object) },
      }),
    });
    const user = userEvent.setup();
    renderScreen(<FinanceActivityForm ProjectPicker={StubPicker} kind="expense" initialProjectId="p1" />);
    expect(screen.getByRole('heading', { name: 'Track an expense for a project' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Task'), 'Travel');
    await user.type(screen.getByLabelText('Amount (expense)'), '19.99');

    await user.click(screen.getByRole('button', { name: 'Save and close' }));

    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toMatchObject({
      projectId: 'p1',
      activity: 'Travel',
      amount: 19.99,
      expense: true,
    });
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('income');
  });

  it('shows an expense negated when editing and saves it back positive with expense=true', async () => {
    const api = fakeApi({
      'GET /api/projectfinancetasklist': { body: [] },
      'PUT /api/financeActivities/f1': (call) => ({ body: { _id: 'f1', ...(call.body as object) } }),
    });
    const user = userEvent.setup();
    renderScreen(<FinanceActivityForm ProjectPicker={StubPicker} activity={expense} />);
    expect(screen.getByRole('heading', { name: 'Edit a financial activity' })).toBeInTheDocument();
    const amount = screen.getByLabelText('Amount (expense)');
    expect(amount).toHaveValue('-25.5');
    await user.clear(amount);
    await user.type(amount, '-30.25');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({
      method: 'PUT',
      path: '/api/financeActivities/f1',
      body: { amount: 30.25, expense: true, notes: 'yearly', date: '2026-01-05T00:00:00.000Z' },
    });
  });

  it('sends the VAT and the category chosen by its name with a new expense', async () => {
    const api = fakeApi({
      'GET /api/projectfinancetasklist': { body: [] },
      'POST /api/financeactivities': (call) => ({
        status: 201,
        body: { _id: 'f9', ...(call.body as object) },
      }),
    });
    const user = userEvent.setup();
    renderScreen(<FinanceActivityForm ProjectPicker={StubPicker} kind="expense" initialProjectId="p1" />);
    await user.type(screen.getByLabelText('Amount (expense)'), '100');
    await user.type(screen.getByLabelText('VAT paid'), '19');
    expect(screen.getByLabelText('Category')).toHaveValue('other');
    await user.selectOptions(screen.getByLabelText('Category'), 'Phone and internet');

    await user.click(screen.getByRole('button', { name: 'Save and close' }));

    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toMatchObject({
      amount: 100,
      vatAmount: 19,
      category: 'phone',
      expense: true,
    });
  });

  it('shows an expense’s VAT and category when editing and keeps them on save', async () => {
    const api = fakeApi({
      'GET /api/projectfinancetasklist': { body: [] },
      'PUT /api/financeActivities/f1': (call) => ({ body: { ...expense, ...(call.body as object) } }),
    });
    const user = userEvent.setup();
    renderScreen(<FinanceActivityForm ProjectPicker={StubPicker} activity={expense} />);
    expect(screen.getByLabelText('VAT paid')).toHaveValue('4.85');
    expect(screen.getByLabelText('Category')).toHaveValue('software');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toMatchObject({ vatAmount: 4.85, category: 'software' });
  });

  it('asks an income for the VAT charged and offers no category', () => {
    fakeApi({ 'GET /api/projectfinancetasklist': { body: [] } });
    renderScreen(<FinanceActivityForm ProjectPicker={StubPicker} kind="income" initialProjectId="p1" />);
    expect(screen.getByLabelText('VAT charged')).toHaveValue('');
    expect(screen.queryByLabelText('Category')).not.toBeInTheDocument();
  });

  it('offers Task suggestions from the finance task list of the chosen project', async () => {
    fakeApi({
      'GET /api/projectfinancetasklist': {
        body: [{ projectId: 'p1', tasks: [{ activity: 'Invoice', descriptions: ['March'] }] }],
      },
    });
    const user = userEvent.setup();
    renderScreen(<FinanceActivityForm ProjectPicker={StubPicker} kind="income" initialProjectId="p1" />);
    await user.type(screen.getByLabelText('Task'), 'in');
    expect(await screen.findByRole('option', { name: 'Invoice' })).toBeInTheDocument();
  });

  it('keeps the entry and shows an error when the save fails on the network', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        if ((init?.method ?? 'GET') === 'POST') throw new TypeError('Failed to fetch');
        return new Response('[]', { status: 200 });
      }),
    );
    const user = userEvent.setup();
    renderScreen(<FinanceActivityForm ProjectPicker={StubPicker} kind="income" initialProjectId="p1" />);
    await user.type(screen.getByLabelText('Amount'), '99.95');

    await user.click(screen.getByRole('button', { name: 'Save and close' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('could not be saved');
    expect(screen.getByLabelText('Amount')).toHaveValue('99.95');
    expect(screen.queryByText('Elsewhere')).not.toBeInTheDocument();
  });

  it('reads "59,90" as 59.90 (not 5,990), says what it understood, and refuses what it cannot read', async () => {
    const api = fakeApi({
      'GET /api/projectfinancetasklist': { body: [] },
      'POST /api/financeactivities': (call) => ({
        status: 201,
        body: { _id: 'f9', ...(call.body as object) },
      }),
    });
    const user = userEvent.setup();
    renderScreen(<FinanceActivityForm ProjectPicker={StubPicker} kind="income" initialProjectId="p1" />);
    const amount = screen.getByLabelText('Amount');
    await user.type(amount, '59,9x');
    expect(amount).toHaveAccessibleDescription(/not a number we can read.*1,234\.56/);
    await user.click(screen.getByRole('button', { name: 'Save and close' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter the amount as a number');
    expect(api.writes()).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '59,90');
    expect(amount).toHaveAccessibleDescription('Understood as 59.90.');
    await user.click(screen.getByRole('button', { name: 'Save and close' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toMatchObject({ amount: 59.9, expense: false });
  });
});
