import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProject } from '@/test/fixtures';
import { renderScreen } from '@/test/render';
import { BudgetStatus } from './components/BudgetStatus';
import { ProjectTotals } from './components/ProjectTotals';

/**
 * Issue 34, item 2: every money figure of a project says what it is — all tracked time or only
 * billable time, exact or rounded — where it is shown, in the same words for the same number. The report's amount: in
 * `features/billing/report-figures.test.tsx`.
 */
const H = 3_600_000;
const prefs = { numberFormat: 'en-US', currency: 'EUR' };
const ALL_EXACT = 'All tracked time, billable or not, × hourly rate, exact';

describe('money figures say what they are', () => {
  it('the tracked value and a money budget: all tracked time, exact — the same words for the same number', () => {
    const project = makeProject({
      totalHours: 3 * H,
      hourlyRate: 80,
      trackedValue: 240,
      budget: { kind: 'money', amount: 1000, period: 'total' },
      budgetUsed: 240,
      budgetPercent: 24,
    });
    renderScreen(
      <>
        <ProjectTotals project={project} user={null} />
        <BudgetStatus project={project} user={prefs} />
      </>,
    );

    // The note sits with the tracked value, in its group of the totals.
    const value = screen.getByText('Tracked value').parentElement as HTMLElement;
    expect(within(value).getByText('€240.00')).toBeInTheDocument();
    expect(within(value).getByText(ALL_EXACT)).toBeInTheDocument();
    // The budget's use is the same number (all time × rate, exact), and says so in the same words.
    expect(screen.getByText('€240 of €1,000 used (24 %)')).toBeInTheDocument();
    expect(screen.getAllByText(ALL_EXACT)).toHaveLength(2);
  });
});
