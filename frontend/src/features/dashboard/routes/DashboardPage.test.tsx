import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DashboardPage } from './DashboardPage';

describe('the dashboard', () => {
  it('drives its charts with the last 12 months to today, then with the range the user picks', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-15T10:00:00'));
    const renderCharts = vi.fn(({ from, to }: { from: string; to: string }) => (
      <p>
        Charts from {from} to {to}
      </p>
    ));
    render(<DashboardPage renderCharts={renderCharts} />);
    vi.useRealTimers();

    expect(screen.getByText('Charts from 2025-03-15 to 2026-03-15')).toBeInTheDocument();
    expect(screen.getByText(/landscape/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    expect(screen.getByText('Charts from 2026-01-01 to 2026-03-15')).toBeInTheDocument();
  });
});
