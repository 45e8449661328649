import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantOfWallClock, wallClockParts } from './zones';

/** The instant a file's wall-clock time (`yyyy-mm-dd hh:mm`) means in a zone, as ISO. */
const at = (tz: string, wall: string) =>
  new Date(instantOfWallClock(Date.parse(`${wall.replace(' ', 'T')}Z`), tz)).toISOString();

describe('a wall-clock time at every DST edge', () => {
  // Per zone: [wall clock, the instant it must be, what happens there].
  const edges: Record<string, [string, string, string][]> = {
    // Clocks skip 02:00–03:00 on 10 March 2024 and repeat 01:00–02:00 on 3 November.
    'America/New_York': [
      ['2024-03-10 02:30', '2024-03-10T07:30Z', 'skipped 02:30 lands an hour later (03:30 EDT)'],
      ['2024-03-10 01:59', '2024-03-10T06:59Z', 'last minute before the gap'],
      ['2024-03-10 03:00', '2024-03-10T07:00Z', 'first minute after the gap'],
      ['2024-11-03 01:30', '2024-11-03T05:30Z', 'repeated 01:30 is the first one (EDT)'],
      ['2024-11-03 02:00', '2024-11-03T07:00Z', 'after the repeated hour'],
    ],
    // Skips 02:00–03:00 on 31 March 2024, repeats 02:00–03:00 on 27 October.
    'Europe/Berlin': [
      ['2024-03-31 02:30', '2024-03-31T01:30Z', 'skipped 02:30 lands at 03:30 CEST'],
      ['2024-03-31 03:30', '2024-03-31T01:30Z', 'just after the spring change'],
      ['2024-10-27 02:30', '2024-10-27T00:30Z', 'repeated 02:30 is the first one (CEST)'],
      ['2024-10-27 02:00', '2024-10-27T00:00Z', 'the repeated hour’s first minute'],
      ['2024-10-27 03:00', '2024-10-27T02:00Z', 'after the repeated hour'],
    ],
    // Southern hemisphere: repeats 02:00–03:00 on 7 April 2024, skips it on 6 October.
    'Australia/Sydney': [
      ['2024-04-07 02:30', '2024-04-06T15:30Z', 'repeated 02:30 is the first one (AEDT)'],
      ['2024-10-06 02:30', '2024-10-05T16:30Z', 'skipped 02:30 lands at 03:30 AEDT'],
    ],
    // Lord Howe Island moves its clocks by half an hour.
    'Australia/Lord_Howe': [
      ['2024-04-07 01:45', '2024-04-06T14:45Z', 'repeated 01:45 is the first one (+11)'],
      ['2024-10-06 02:15', '2024-10-05T15:45Z', 'skipped 02:15 lands half an hour later'],
    ],
    // Santiago changes at midnight: 00:30 on 8 September 2024 does not exist.
    'America/Santiago': [
      ['2024-09-08 00:30', '2024-09-08T04:30Z', 'skipped midnight half hour lands an hour later'],
      ['2024-04-06 23:30', '2024-04-07T02:30Z', 'repeated 23:30 is the first one (-03)'],
    ],
    'Europe/London': [
      ['2024-03-31 01:30', '2024-03-31T01:30Z', 'skipped 01:30 lands at 02:30 BST'],
      ['2024-10-27 01:30', '2024-10-27T00:30Z', 'repeated 01:30 is the first one (BST)'],
    ],
    // A zone without DST.
    'Asia/Kolkata': [['2024-03-10 02:30', '2024-03-09T21:00Z', 'no DST: plain offset']],
  };

  const rows = Object.entries(edges).flatMap(([tz, cases]) =>
    cases.map(([wall, expected, what]) => [tz, what, wall, expected] as const),
  );
  it.each(rows)('%s: %s', (tz, _what, wall, expected) => {
    expect(at(tz, wall)).toBe(new Date(expected).toISOString());
  });

  it('turns a wall clock into the instant and back, also across a DST change', () => {
    const instant = new Date(instantOfWallClock(Date.UTC(2024, 2, 31, 3, 30), 'Europe/Berlin')).toISOString();
    expect(wallClockParts(instant, 'Europe/Berlin')).toEqual({ day: '2024-03-31', time: '03:30' });
  });
});

describe('any instant in zones with DST', () => {
  const zones = [
    'America/New_York',
    'Europe/Berlin',
    'Australia/Sydney',
    'Australia/Lord_Howe',
    'America/Santiago',
  ];

  it('reads its own wall clock back as the earliest instant showing that wall clock (property)', () => {
    const wallOf = (instant: number, tz: string) => {
      const { day, time } = wallClockParts(new Date(instant).toISOString(), tz);
      return Date.parse(`${day}T${time}:00.000Z`);
    };
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.UTC(2020, 0, 1) / 60_000, max: Date.UTC(2030, 0, 1) / 60_000 }),
        (tz, minute) => {
          const instant = minute * 60_000;
          const wall = wallOf(instant, tz);
          const found = instantOfWallClock(wall, tz);
          expect(wallOf(found, tz)).toBe(wall);
          expect(found).toBeLessThanOrEqual(instant);
          // Nothing earlier within the largest repeat (an hour) shows the same wall clock.
          for (const back of [30, 60]) expect(wallOf(found - back * 60_000, tz)).not.toBe(wall);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
