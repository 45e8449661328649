import { describe, expect, it } from 'vitest';
import { isDerivedFromEntries, isKeyOf, keyPath } from './api-keys';

describe('cache keys', () => {
  it('name the path of a key without its query or the paged-list prefix', () => {
    expect(keyPath('/api/projecttimetrackedchart?startdate=2026-01-01')).toBe('/api/projecttimetrackedchart');
    expect(isKeyOf('/api/projecttimetrackedchart?startdate=2026-01-01', 'getTimeTrackedChart')).toBe(true);
    expect(isKeyOf('$inf$/api/timeactivities?startdate=2026-01-01', 'listTimesheet')).toBe(true);
    expect(isKeyOf('/api/timer', 'listTimesheet')).toBe(false);
    expect(keyPath('$inf$/api/timeactivities/01J0000000000000000000000?limit=50')).toBe(
      '/api/timeactivities/01J0000000000000000000000',
    );
    expect(keyPath(['/api/projects', 1])).toBeUndefined();
  });

  it('call every total, suggestion list, chart and grid stale after an entry changes — not the session or settings', () => {
    for (const stale of [
      '/api/projects',
      '/api/projecttasklist',
      '/api/projectfinancetasklist',
      '/api/projecttimetrackedchart?startdate=2026-01-01&enddate=2026-12-31',
      '/api/projectprofitlosschart?projectid=01J0000000000000000000000',
      '/api/projectprofitlossperhourchart?projectid=01J0000000000000000000000',
      '/api/projecttimepertaskchart',
      '/api/projecttimeperprojectchart',
      '/api/projecttotaltimetrackedchart',
      '/api/projecttimepertaskgrid?projectid=01J0000000000000000000000',
      '/api/projecttimepersubtaskgrid?projectid=01J0000000000000000000000',
      '/api/taxreport?basis=cash&period=q2&year=2026',
    ]) {
      expect(isDerivedFromEntries(stale), stale).toBe(true);
    }
    for (const fresh of ['/api/auth', '/api/timer', '/api/timeactivities?startdate=2026-01-01', undefined]) {
      expect(isDerivedFromEntries(fresh), String(fresh)).toBe(false);
    }
  });
});
