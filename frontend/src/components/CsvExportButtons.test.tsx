import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '@/app/testing';

/** Renders the settings' CSV export for a user of `numberFormat` and answers the time file's query. */
async function exportTime(numberFormat: 'de-DE' | 'en-US', choose?: 'csv') {
  const queries: URLSearchParams[] = [];
  stubApi({
    'GET /api/auth': { body: makeUser({ numberFormat }) },
    'GET /api/export/timeactivities.csv': (_body, url) => {
      queries.push(url.searchParams);
      return { body: '' };
    },
  });
  URL.createObjectURL = () => 'blob:csv';
  URL.revokeObjectURL = () => {};
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  renderApp('/settings');
  const user = userEvent.setup();
  const button = await screen.findByRole('button', { name: 'Export time entries (CSV)' });
  if (choose) await user.selectOptions(screen.getByLabelText('File format'), choose);
  await user.click(button);
  await waitFor(() => expect(click).toHaveBeenCalled());
  return queries;
}

describe('CSV export buttons', () => {
  beforeEach(() => localStorage.setItem('token', 'tok'));
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('offer a decimal-comma user Excel’s form first', async () => {
    expect((await exportTime('de-DE'))[0]?.get('format')).toBe('excel');
    expect(
      screen.getByRole('option', { name: 'For Excel in your number format (semicolons, 1.234,56)' }),
    ).toBeTruthy();
  });

  it('send the standard CSV when a decimal-comma user picks it', async () => {
    expect((await exportTime('de-DE', 'csv'))[0]?.get('format')).toBe('csv');
  });

  it('offer no choice where the number format has a decimal point (the two files are the same)', async () => {
    expect((await exportTime('en-US'))[0]?.get('format')).toBe('csv');
    expect(screen.queryByLabelText('File format')).toBeNull();
  });
});
