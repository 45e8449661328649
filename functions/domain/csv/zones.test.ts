import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instantOfWallClock, wallClockParts } from './zones';

/** The instant a file's wall-clock time means in a zone, as ISO. */
const at = (tz: string, y: number, mo: number, d: number, h: number, mi: number) =>
  new Date(instantOfWallClock(Date.UTC(y, mo - 1, d, h, mi), tz)).toISOString();

describe('a wall-clock time at every DST edge', () => {
  // [zone, what happens, wall clock, the instant it must be]
  const edges: [string, string, [number, number, number, number, number], string][] = [
    // New York: clocks skip 02:00–03:00 on 10 March 2024 and repeat 01:00–02:00 on 3 November.
    [
      'America/New_York',
      'skipped 02:30 lands an hour later (03:30 EDT)',
      [2024, 3, 10, 2, 30],
      '2024-03-10T07:30:00.000Z',
    ],
    ['America/New_York', 'last minute before the gap', [2024, 3, 10, 1, 59], '2024-03-10T06:59:00.000Z'],
    ['America/New_York', 'first minute after the gap', [2024, 3, 10, 3, 0], '2024-03-10T07:00:00.000Z'],
    [
      'America/New_York',
      'repeated 01:30 is the first one (EDT)',
      [2024, 11, 3, 1, 30],
      '2024-11-03T05:30:00.000Z',
    ],
    ['America/New_York', 'after the repeated hour', [2024, 11, 3, 2, 0], '2024-11-03T07:00:00.000Z'],
    // Berlin: skips 02:00–03:00 on 31 March 2024, repeats 02:00–03:00 on 27 October.
    ['Europe/Berlin', 'skipped 02:30 lands at 03:30 CEST', [2024, 3, 31, 2, 30], '2024-03-31T01:30:00.000Z'],
    ['Europe/Berlin', 'just after the spring change', [2024, 3, 31, 3, 30], '2024-03-31T01:30:00.000Z'],
    [
      'Europe/Berlin',
      'repeated 02:30 is the first one (CEST)',
      [2024, 10, 27, 2, 30],
      '2024-10-27T00:30:00.000Z',
    ],
    ['Europe/Berlin', 'the repeated hour’s first minute', [2024, 10, 27, 2, 0], '2024-10-27T00:00:00.000Z'],
    ['Europe/Berlin', 'after the repeated hour', [2024, 10, 27, 3, 0], '2024-10-27T02:00:00.000Z'],
    // Sydney (southern hemisphere): repeats 02:00–03:00 on 7 April 2024, skips it on 6 October.
    [
      'Australia/Sydney',
      'repeated 02:30 is the first one (AEDT)',
      [2024, 4, 7, 2, 30],
      '2024-04-06T15:30:00.000Z',
    ],
    [
      'Australia/Sydney',
      'skipped 02:30 lands at 03:30 AEDT',
      [2024, 10, 6, 2, 30],
      '2024-10-05T16:30:00.000Z',
    ],
    // Lord Howe Island moves its clocks by half an hour.
    [
      'Australia/Lord_Howe',
      'repeated 01:45 is the first one (+11)',
      [2024, 4, 7, 1, 45],
      '2024-04-06T14:45:00.000Z',
    ],
    [
      'Australia/Lord_Howe',
      'skipped 02:15 lands half an hour later',
      [2024, 10, 6, 2, 15],
      '2024-10-05T15:45:00.000Z',
    ],
    // Santiago changes at midnight: 00:30 on 8 September 2024 does not exist.
    [
      'America/Santiago',
      'skipped midnight half hour lands an hour later',
      [2024, 9, 8, 0, 30],
      '2024-09-08T04:30:00.000Z',
    ],
    [
      'America/Santiago',
      'repeated 23:30 is the first one (-03)',
      [2024, 4, 6, 23, 30],
      '2024-04-07T02:30:00.000Z',
    ],
    // London and a zone without DST.
    ['Europe/London', 'skipped 01:30 lands at 02:30 BST', [2024, 3, 31, 1, 30], '2024-03-31T01:30:00.000Z'],
    [
      'Europe/London',
      'repeated 01:30 is the first one (BST)',
      [2024, 10, 27, 1, 30],
      '2024-10-27T00:30:00.000Z',
    ],
    ['Asia/Kolkata', 'no DST: plain offset', [2024, 3, 10, 2, 30], '2024-03-09T21:00:00.000Z'],
  ];

  for (const [tz, what, [y, mo, d, h, mi], expected] of edges) {
    it(`${tz}: ${what}`, () => {
      expect(at(tz, y, mo, d, h, mi)).toBe(expected);
    });
  }

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
