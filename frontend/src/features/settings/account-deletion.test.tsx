import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '@/app/testing';

/** Issue 34, item 10: deleting the account asks who is there, warns about invoices, and says it is done. */

beforeEach(() => {
  localStorage.setItem('token', 'tok');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const invoice = (status: string) => ({ _id: `inv-${status}`, status, number: 'RE-2026-001' });

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Delete account' }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Are you sure?!' }) };
}

describe('deleting the account', () => {
  it('asks for the password, sends it, and ends on a page that says the account was deleted', async () => {
    const api = stubApi({
      'GET /api/auth': { body: makeUser() },
      'GET /api/invoices': { body: [] },
      'DELETE /api/users': { body: { msg: 'User deleted' } },
    });
    const { router } = renderApp('/settings');
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByText(/gone forever/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/code/i)).not.toBeInTheDocument();

    // Without the password nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Delete!' }));
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/users')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
    await user.click(within(dialog).getByRole('button', { name: 'Delete!' }));

    expect(
      await screen.findByRole('heading', { name: 'Your account has been deleted' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/loggedout');
    expect(api.callsTo('DELETE', '/api/users').map((c) => c.body)).toEqual([
      { password: 'correct horse battery' },
    ]);
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
  });

  it('keeps the dialog open and says so under the field when the password is wrong', async () => {
    stubApi({
      'GET /api/auth': { body: makeUser() },
      'GET /api/invoices': { body: [] },
      'DELETE /api/users': {
        status: 400,
        body: {
          errors: [
            { msg: 'Your current password is not correct', code: 'WRONG_PASSWORD', param: 'password' },
          ],
        },
      },
    });
    const { router } = renderApp('/settings');
    const { user, dialog } = await openDialog();

    await user.type(within(dialog).getByLabelText('Password'), 'not it');
    await user.click(within(dialog).getByRole('button', { name: 'Delete!' }));

    expect(await within(dialog).findByText('Your current password is not correct')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it('asks for a code as well when two-factor sign-in is on', async () => {
    const api = stubApi({
      'GET /api/auth': { body: makeUser({ twoFactor: true }) },
      'GET /api/invoices': { body: [] },
      'DELETE /api/users': { body: { msg: 'User deleted' } },
    });
    renderApp('/settings');
    const { user, dialog } = await openDialog();

    await user.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
    await user.click(within(dialog).getByRole('button', { name: 'Delete!' }));
    expect(api.callsTo('DELETE', '/api/users')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /code/i }), ' 123 456 ');
    await user.click(within(dialog).getByRole('button', { name: 'Delete!' }));

    expect(
      await screen.findByRole('heading', { name: 'Your account has been deleted' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/users')[0]?.body).toEqual({
      password: 'correct horse battery',
      code: '123 456',
    });
  });

  it('warns when invoices have been issued and offers the export first', async () => {
    const api = stubApi({
      'GET /api/auth': { body: makeUser() },
      'GET /api/invoices': { body: [invoice('draft'), invoice('sent'), invoice('paid')] },
      'GET /api/exportuserdata': {
        body: { user: {}, projects: [], timeActivities: [], financeActivities: [] },
      },
    });
    URL.createObjectURL = () => 'blob:export';
    URL.revokeObjectURL = () => {};
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    renderApp('/settings');
    const { user, dialog } = await openDialog();

    expect(await within(dialog).findByText(/You have issued 2 invoices\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Export my data first' }));

    await waitFor(() => expect(clicked).toEqual(['ada-lovelace-data.json']));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/users')).toHaveLength(0);
    click.mockRestore();
  });

  it('says nothing about invoices when only drafts exist', async () => {
    stubApi({
      'GET /api/auth': { body: makeUser() },
      'GET /api/invoices': { body: [invoice('draft')] },
    });
    renderApp('/settings');
    const { dialog } = await openDialog();

    await waitFor(() => expect(within(dialog).getByLabelText('Password')).toBeInTheDocument());
    expect(within(dialog).queryByText(/You have issued/)).not.toBeInTheDocument();
  });

  it('says the data was not deleted when the deletion fails otherwise, and keeps the user signed in', async () => {
    stubApi({
      'GET /api/auth': { body: makeUser() },
      'GET /api/invoices': { body: [] },
      'DELETE /api/users': {
        status: 403,
        body: {
          errors: [{ msg: 'Not allowed for the demo account', code: 'DEMO_READ_ONLY_ACCOUNT_SETTINGS' }],
        },
      },
    });
    renderApp('/settings');
    const { user, dialog } = await openDialog();

    await user.type(within(dialog).getByLabelText('Password'), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Delete!' }));

    expect(await screen.findByText("Deletion failed. User's data has not been deleted")).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('tok');
  });
});
