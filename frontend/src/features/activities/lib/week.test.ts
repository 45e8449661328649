import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayHeading, daysOfWeek, entriesOfDay, startOfWeek, weekStartsOn, weekTotals } from './week';

describe('the timesheet week', () => {
  it("starts on the user's chosen day, Monday when none is set", () => {
    expect(['monday', 'sunday', 'saturday', undefined].map(weekStartsOn)).toEqual([1, 0, 6, 1]);
  });

  it('names a day with its weekday in the order of the other dates, in English and German', () => {
    expect(dayHeading('2026-11-25', 'en')).toBe('Wed 25 Nov');
    expect(dayHeading('2026-11-25', 'de')).toBe('Mi., 25. Nov.');
  });

  it('finds the first day of the week holding a day, across a month and a year end', () => {
    // 2026-01-01 is a Thursday.
    expect(startOfWeek('2026-01-01', 1)).toBe('2025-12-29');
    expect(startOfWeek('2026-01-01', 0)).toBe('2025-12-28');
    expect(startOfWeek('2025-12-28', 0)).toBe('2025-12-28');
    expect(daysOfWeek('2025-12-29')).toEqual([
      '2025-12-29',
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
      '2026-01-04',
    ]);
  });

  it('totals each day and the week from the entries of that week only', () => {
    const days = daysOfWeek('2026-03-09');
    const { perDay, week } = weekTotals(days, [
      { date: '2026-03-09T00:00:00.000Z', duration: 3_600_000 },
      { date: '2026-03-09T00:00:00.000Z', duration: 1_800_000 },
      { date: '2026-03-15T00:00:00.000Z', duration: 4_033_000 },
      { date: '2026-03-16T00:00:00.000Z', duration: 999_999 },
    ]);
    expect(perDay.get('2026-03-09')).toBe(5_400_000);
    expect(perDay.get('2026-03-12')).toBe(0);
    expect(perDay.get('2026-03-15')).toBe(4_033_000);
    expect(week).toBe(9_433_000);
  });

  it('lists a day by start time, whatever order the entries were created in (issue 34, item 12)', () => {
    const at = (id: string, time: string | null, date = '2026-11-25') => ({
      _id: id,
      date: `${date}T00:00:00.000Z`,
      startTime: time ? `${date}T${time}:00.000Z` : null,
    });
    // Created in this order: the afternoon first, then a back-filled morning, a duration-only entry, 08:00.
    const created = [
      at('a', '14:00'),
      at('b', '09:30'),
      at('c', null),
      at('d', '08:00'),
      at('e', '10:00', '2026-11-26'),
    ];

    expect(entriesOfDay(created, '2026-11-25').map((e) => e._id)).toEqual(['d', 'b', 'a', 'c']);

    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: 0, max: 86_399 }), { nil: null }), { maxLength: 30 }),
        (seconds) => {
          const entries = seconds.map((s, i) => ({
            _id: String(i),
            date: '2026-11-25T00:00:00.000Z',
            startTime: s === null ? null : new Date(Date.UTC(2026, 10, 25) + s * 1000).toISOString(),
          }));
          const listed = entriesOfDay(entries, '2026-11-25');
          expect(listed).toHaveLength(entries.length);
          const starts = listed.map((e) =>
            e.startTime ? Date.parse(e.startTime) : Number.POSITIVE_INFINITY,
          );
          for (let i = 1; i < starts.length; i++) expect(starts[i - 1]! <= starts[i]!).toBe(true);
        },
      ),
    );
  });
});
