import type { TaxReport } from '@contract/tax';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/app/testing';
import { AuthProvider } from '@/lib/auth';
import { fakeApi, renderScreen } from '@/test/render';
import { TaxCard } from './TaxCard';

const FIGURES: TaxReport = {
  from: '2026-10-01',
  to: '2026-12-31',
  basis: 'accrual',
  outputVat: [{ rate: 19, net: 5000, vat: 950 }],
  reverseChargeNet: 0,
  exemptNet: 0,
  inputVat: 123.45,
  vatDue: 826.55,
  income: 5000,
  expenses: 649.75,
  expensesByCategory: [{ category: 'software', net: 649.75 }],
  profit: 4350.25,
};

/** The card for a user, with the quarter's and the year's answers; answers the calls made. */
function renderCard(quarter: Partial<TaxReport> | number, year: Partial<TaxReport>, user = makeUser()) {
  localStorage.setItem('token', 'tok');
  const api = fakeApi({
    'GET /api/auth': { body: user },
    'GET /api/taxreport': (call) => {
      const q = new URL(call.path, 'http://localhost').searchParams;
      const answer = q.get('period') === 'year' ? year : quarter;
      return typeof answer === 'number'
        ? { status: answer, body: { errors: [{ msg: 'Service unavailable' }] } }
        : { body: { ...FIGURES, ...answer } };
    },
  });
  renderScreen(
    <AuthProvider>
      <TaxCard />
    </AuthProvider>,
  );
  return api;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-29T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the dashboard’s tax card', () => {
  it('shows this quarter’s VAT to set aside and the year’s profit so far, on the user’s basis, in their number format', async () => {
    const api = renderCard({}, { profit: 20123.4 }, makeUser({ vatBasis: 'accrual', numberFormat: 'de-DE' }));

    expect(await screen.findByText('826,55 €')).toBeInTheDocument();
    expect(screen.getByText('To set aside for the tax office')).toBeInTheDocument();
    expect(screen.getByText('Profit in 2026 so far').nextSibling).toHaveTextContent('20.123,40 €');
    expect(screen.getByText('Q4 2026, accrual basis')).toBeInTheDocument();
    const asked = api.calls
      .filter((c) => c.path.startsWith('/api/taxreport'))
      .map((c) => Object.fromEntries(new URL(c.path, 'http://localhost').searchParams));
    expect(asked).toEqual(
      expect.arrayContaining([
        { year: '2026', period: 'q4', basis: 'accrual' },
        { year: '2026', period: 'year', basis: 'accrual' },
      ]),
    );
    expect(screen.getByRole('link', { name: 'See this quarter’s figures' })).toHaveAttribute(
      'href',
      '/tax?year=2026&period=q4',
    );
  });

  it('calls a negative amount due a refund, shown without its minus', async () => {
    renderCard({ vatDue: -76.5 }, {});

    expect(await screen.findByText('Refund expected')).toBeInTheDocument();
    expect(screen.getByText('Refund expected').nextSibling).toHaveTextContent(/^€76\.50$/);
    expect(screen.queryByText('To set aside for the tax office')).not.toBeInTheDocument();
  });

  it('says so when the figures cannot be loaded, and still links to the tax screen', async () => {
    renderCard(503, {});

    expect(await screen.findByText('The tax figures could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See this quarter’s figures' })).toBeInTheDocument();
  });
});
