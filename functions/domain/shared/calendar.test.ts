import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseActivityDate, parseInstant, startOfUtcDay, toDayKey } from './calendar';

describe('normaliseActivityDate', () => {
  it('keeps the UTC day of a timestamp and answers its midnight', () => {
    expect(normaliseActivityDate('2026-03-12T23:59:59.999Z')).toEqual({
      day: '2026-03-12',
      iso: '2026-03-12T00:00:00.000Z',
    });
  });

  it('reads a timestamp with an offset by the instant it names', () => {
    // 00:30 in Berlin on the 13th is 23:30 UTC on the 12th.
    expect(normaliseActivityDate('2026-03-13T00:30:00+01:00')?.day).toBe('2026-03-12');
  });

  it('reads a bare day as that day in UTC', () => {
    expect(normaliseActivityDate('2026-01-01')?.iso).toBe('2026-01-01T00:00:00.000Z');
  });

  it('defaults to today when no date is sent', () => {
    const now = new Date('2026-07-04T18:00:00Z');
    expect(normaliseActivityDate(undefined, now)?.day).toBe('2026-07-04');
    expect(normaliseActivityDate(null, now)?.day).toBe('2026-07-04');
    expect(normaliseActivityDate('', now)?.day).toBe('2026-07-04');
  });

  it.each(['2026-02-30', '31/12/2026', 'March 7', '1969-12-31', '3000-01-01', '2026-13-01T00:00:00Z'])(
    'refuses %s',
    (text) => {
      expect(normaliseActivityDate(text)).toBeUndefined();
    },
  );
});

describe('day helpers', () => {
  it('cuts an instant to its UTC day', () => {
    const instant = new Date('2026-03-12T13:14:15.678Z');
    expect(toDayKey(instant)).toBe('2026-03-12');
    expect(startOfUtcDay(instant).toISOString()).toBe('2026-03-12T00:00:00.000Z');
    expect(parseInstant('2026-03-12T13:14:15.678Z')?.getTime()).toBe(instant.getTime());
  });
});

describe('timestamps with a time part (audit fix 8)', () => {
  it.each([
    '2024-02-30T10:00:00Z',
    '2026-02-30T09:00:00.000Z',
    '2025-04-31T00:00Z',
    '2024-01-01T24:00:00Z',
    '2024-01-01T10:60:00Z',
  ])('refuses %s instead of rolling it over', (text) => {
    expect(parseInstant(text)).toBeUndefined();
  });

  it('takes a timestamp exactly when its day exists in the calendar, and keeps that day', () => {
    const pad = (n: number, width = 2) => String(n).padStart(width, '0');
    fc.assert(
      fc.property(
        fc.integer({ min: 1970, max: 2999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (year, month, day, hour, minute) => {
          const text = `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:00Z`;
          const exists = new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;

          const parsed = parseInstant(text);

          expect(parsed !== undefined).toBe(exists);
          if (parsed) expect(toDayKey(parsed)).toBe(text.slice(0, 10));
        },
      ),
    );
  });
});
