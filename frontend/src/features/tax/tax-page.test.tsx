import type { TaxReport } from '@contract/tax';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderApp, stubApi } from '@/app/testing';
import { setTestLanguage } from '@/test/i18n';

/** A quarter with sales at 19 % and 7 %, reverse charge, exempt sales, input VAT and two categories. */
const Q2: TaxReport = {
  from: '2026-04-01',
  to: '2026-06-30',
  basis: 'cash',
  outputVat: [
    { rate: 19, net: 1234.56, vat: 234.57 },
    { rate: 7, net: 100, vat: 7 },
  ],
  reverseChargeNet: 2000,
  exemptNet: 300.1,
  inputVat: 45.67,
  vatDue: 195.9,
  income: 3634.66,
  expenses: 240.35,
  expensesByCategory: [
    { category: 'software', net: 200.25 },
    { category: 'travel', net: 40.1 },
  ],
  profit: 3394.31,
};

const EMPTY: TaxReport = {
  ...Q2,
  outputVat: [],
  reverseChargeNet: 0,
  exemptNet: 0,
  inputVat: 0,
  vatDue: 0,
  income: 0,
  expenses: 0,
  expensesByCategory: [],
  profit: 0,
};

/** Serves `/api/taxreport` with `answer(query)` and records each query. */
function serve(answer: (q: URLSearchParams) => { status?: number; body?: unknown }, user = makeUser()) {
  const queries: URLSearchParams[] = [];
  const api = stubApi({
    'GET /api/auth': { body: user },
    'GET /api/taxreport': (_body, url) => {
      queries.push(url.searchParams);
      return answer(url.searchParams);
    },
  });
  return { api, queries };
}

/** The row of the figures table whose header is `name`, as its cells' text (spaces as typed). */
function row(name: string | RegExp): string[] {
  const header = screen.getByRole('rowheader', { name });
  return within(header.closest('tr') as HTMLElement)
    .getAllByRole('cell')
    .map((c) => (c.textContent ?? '').replace(/\s+/g, ' '));
}

beforeEach(() => {
  localStorage.setItem('token', 'tok');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-05-20T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the tax period screen', () => {
  it('opens on this quarter on the user’s basis and shows each figure beside its box of the German form', async () => {
    const { queries } = serve(() => ({ body: Q2 }));
    renderApp('/tax');

    await screen.findByRole('table', { name: '01 Apr 2026 – 30 Jun 2026, cash basis' });
    expect(Object.fromEntries(queries[0] ?? [])).toEqual({ year: '2026', period: 'q2', basis: 'cash' });
    expect(screen.getByLabelText('Year')).toHaveValue('2026');
    expect(screen.getByLabelText('Period')).toHaveValue('q2');
    expect(row('Taxable sales at 19 %')).toEqual(['Kz 81', '€1,234.56', '€234.57']);
    expect(row('Taxable sales at 7 %')).toEqual(['Kz 86', '€100.00', '€7.00']);
    expect(row(/reverse charge/)).toEqual(['Kz 21 (EU), Kz 60 (Germany)', '€2,000.00', '']);
    expect(row(/Sales without VAT/)).toEqual(['Kz 45 (outside the EU)', '€300.10', '']);
    expect(row('Input VAT on your expenses')).toEqual(['Kz 66', '', '€45.67']);
    expect(row('VAT to pay (Umsatzsteuer-Vorauszahlung)')).toEqual(['Kz 83', '', '€195.90']);
    expect(row('Income')).toEqual(['€3,634.66']);
    expect(row('Expenses')).toEqual(['€240.35']);
    expect(row('Software')).toEqual(['€200.25']);
    expect(row('Travel')).toEqual(['€40.10']);
    expect(row('Profit')).toEqual(['€3,394.31']);
    expect(screen.getByText(/files nothing with the tax office and is not tax advice/)).toBeInTheDocument();
    expect(screen.queryByText(/negative amount is a refund/)).not.toBeInTheDocument();
  });

  it('writes money in the user’s number format and the German form’s words in German', async () => {
    await setTestLanguage('de');
    serve(
      () => ({ body: { ...Q2, basis: 'accrual' } }),
      makeUser({ language: 'de', numberFormat: 'de-DE', vatBasis: 'accrual' }),
    );
    renderApp('/tax');

    await screen.findByRole('heading', { level: 2, name: 'Umsatzsteuer-Voranmeldung' });
    expect(await screen.findByRole('table', { name: /Soll-Versteuerung/ })).toBeInTheDocument();
    expect(row('Steuerpflichtige Umsätze zu 19 %')).toEqual(['Kz 81', '1.234,56 €', '234,57 €']);
    expect(row('Verbleibende Umsatzsteuer-Vorauszahlung')).toEqual(['Kz 83', '', '195,90 €']);
    expect(row('Gewinn')).toEqual(['3.394,31 €']);
  });

  it('asks for the period and basis picked, keeps them in the address, and leaves the setting alone', async () => {
    const { api, queries } = serve((q) => ({ body: { ...Q2, basis: q.get('basis') } }));
    const { router } = renderApp('/tax');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: /cash basis/ });

    await user.selectOptions(screen.getByLabelText('Year'), '2025');
    await user.selectOptions(screen.getByLabelText('Period'), 'March');
    await user.selectOptions(
      screen.getByLabelText('VAT basis'),
      'Accrual basis: when you invoice (Soll-Versteuerung)',
    );

    await screen.findByRole('table', { name: /accrual basis/ });
    expect(Object.fromEntries(queries.at(-1) ?? [])).toEqual({
      year: '2025',
      period: 'm3',
      basis: 'accrual',
    });
    expect(router.state.location.search).toBe('?year=2025&period=m3&basis=accrual');
    expect(
      screen.getByText('Your setting: cash basis. A choice here changes only this view.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/usersettings')).toEqual([]);
  });

  it('opens the period its address names (a link from the dashboard)', async () => {
    const { queries } = serve(() => ({ body: Q2 }));
    renderApp('/tax?year=2024&period=year');

    await screen.findByRole('table', { name: /cash basis/ });
    expect(Object.fromEntries(queries[0] ?? [])).toEqual({ year: '2024', period: 'year', basis: 'cash' });
    expect(screen.getByLabelText('Period')).toHaveValue('year');
  });

  it('says a refund is a negative amount due', async () => {
    serve(() => ({ body: { ...Q2, outputVat: [], vatDue: -45.67 } }));
    renderApp('/tax');

    await screen.findByRole('table', { name: /cash basis/ });
    expect(row(/Umsatzsteuer-Vorauszahlung/)).toEqual(['Kz 83', '', '-€45.67']);
    expect(screen.getByText(/negative amount is a refund/)).toBeInTheDocument();
  });

  it('says when nothing counts in the period, with no empty tables and no download', async () => {
    serve(() => ({ body: EMPTY }));
    renderApp('/tax');

    expect(
      await screen.findByText(
        'Nothing counts in 01 Apr 2026 – 30 Jun 2026, cash basis: no invoice, income or expense.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
  });

  it('says why the figures did not load and loads them again on Try again', async () => {
    let fail = true;
    serve(() =>
      fail
        ? { status: 503, body: { errors: [{ msg: 'Service unavailable', code: 'SERVICE_UNAVAILABLE' }] } }
        : { body: Q2 },
    );
    renderApp('/tax');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/The figures could not be loaded/);
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: /cash basis/ })).toBeInTheDocument();
  });

  it('downloads the server’s CSV of the period as it came, under the server’s file name', async () => {
    const csv =
      '\uFEFFFrom,To,Basis,Figure,Rate,Category,Net,VAT\r\n2026-04-01,2026-06-30,cash,vatDue,,,,195.90\r\n';
    const { api } = serve(() => ({ body: Q2 }));
    const csvQueries: URLSearchParams[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.searchParams.get('format') !== 'csv') return api.fetchMock(input, init);
      csvQueries.push(url.searchParams);
      return new Response(csv, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="tax-2026-q2-cash.csv"',
        },
      });
    });
    const blobs: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:tax';
    };
    URL.revokeObjectURL = () => {};
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderApp('/tax');

    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(names).toEqual(['tax-2026-q2-cash.csv']));
    expect(Object.fromEntries(csvQueries[0] ?? [])).toEqual({
      year: '2026',
      period: 'q2',
      basis: 'cash',
      format: 'csv',
    });
    // jsdom's Blob has no arrayBuffer(); FileReader reads the bytes the browser would save.
    const bytes = await new Promise<ArrayBuffer>((done) => {
      const reader = new FileReader();
      reader.onload = () => done(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(blobs[0] as Blob);
    });
    expect([...new Uint8Array(bytes)]).toEqual([...new TextEncoder().encode(csv)]);
  });
});
