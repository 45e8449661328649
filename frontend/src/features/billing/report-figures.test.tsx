import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '@/test/render';
import { ReportTable } from './components/ReportTable';

/** Issue 34, item 2: the report's money figure says it is billable time, rounded. */
const H = 3_600_000;

describe('the report’s money figure', () => {
  it('the report’s amount: billable time, rounded', () => {
    renderScreen(
      <ReportTable
        groupby="client"
        user={null}
        report={{
          rows: [
            {
              key: 'c1',
              label: 'Acme',
              timeMs: 3 * H,
              billableMs: 2 * H,
              roundedBillableMs: 2 * H,
              billableAmount: 160,
            },
          ],
          total: { timeMs: 3 * H, billableMs: 2 * H, roundedBillableMs: 2 * H, billableAmount: 160 },
        }}
      />,
    );

    expect(screen.getByRole('columnheader', { name: 'Amount (billable, rounded)' })).toBeInTheDocument();
  });
});
