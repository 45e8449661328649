import { describe, expect, it } from 'vitest';
import { presetRange } from './presets';

describe('report presets', () => {
  // Wednesday 4 March 2026.
  const today = new Date(2026, 2, 4);

  it('start weeks on Monday and cover whole months and the year', () => {
    expect(presetRange('thisWeek', today)).toEqual({ startdate: '2026-03-02', enddate: '2026-03-08' });
    expect(presetRange('lastWeek', today)).toEqual({ startdate: '2026-02-23', enddate: '2026-03-01' });
    expect(presetRange('thisMonth', today)).toEqual({ startdate: '2026-03-01', enddate: '2026-03-31' });
    expect(presetRange('lastMonth', today)).toEqual({ startdate: '2026-02-01', enddate: '2026-02-28' });
    expect(presetRange('thisYear', today)).toEqual({ startdate: '2026-01-01', enddate: '2026-12-31' });
  });

  it('handle a Sunday, January and a leap February', () => {
    expect(presetRange('thisWeek', new Date(2026, 2, 8))).toEqual({
      startdate: '2026-03-02',
      enddate: '2026-03-08',
    });
    expect(presetRange('lastMonth', new Date(2026, 0, 15))).toEqual({
      startdate: '2025-12-01',
      enddate: '2025-12-31',
    });
    expect(presetRange('lastMonth', new Date(2024, 2, 31))).toEqual({
      startdate: '2024-02-01',
      enddate: '2024-02-29',
    });
  });
});
