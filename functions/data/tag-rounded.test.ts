import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROUNDING_VARIANTS, roundEntryMs } from '../../contract/rounding';
import { isRoundedEffect, tagDayEffects } from './tag-rollups';
import { decodeRounded, roundedItemAfter, roundedMsOf, roundedProjectAttribute } from './tag-rounded';

const PROJECTS = ['01JPROJECTAAAAAAAAAAAAAAAA', '01JPROJECTBBBBBBBBBBBBBBBB'];

const entry = fc.record({
  project: fc.constantFrom(...PROJECTS),
  // Up to 366 days, as the longest entry may be, and any milliseconds.
  timeMs: fc.oneof(fc.integer({ min: 0, max: 300 * 60_000 }), fc.integer({ min: 0, max: 366 * 86_400_000 })),
  sign: fc.constantFrom(1 as const, -1 as const),
});

/** The rounded effect one entry's count makes on its day's item under the tag `t`. */
const roundedEffect = (projectId: string, timeMs: number, sign: 1 | -1) =>
  tagDayEffects('U', { projectId, day: '2026-03-02', tags: ['t'], billable: true, timeMs }, sign).find(
    isRoundedEffect,
  );

describe('the rounded sums of a tag day item (one string per project)', () => {
  it('add up, per project and rounding variant, to the rounded durations of what was added and taken out (property)', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), (entries) => {
        let item: Record<string, unknown> | undefined;
        for (const e of entries) {
          const effect = roundedEffect(e.project, e.timeMs, e.sign);
          if (effect) item = roundedItemAfter(effect, item);
        }
        for (const projectId of PROJECTS) {
          for (const variant of ROUNDING_VARIANTS) {
            const want = entries
              .filter((e) => e.project === projectId)
              .reduce((sum, e) => sum + e.sign * roundEntryMs(e.timeMs, variant), 0);
            expect(roundedMsOf(item?.[roundedProjectAttribute(projectId)], variant)).toBe(want);
          }
        }
        expect(item?.ver ?? 0).toBe(entries.length);
      }),
      { numRuns: 300 },
    );
  });

  it('leaves out a project whose sums all come back to 0', () => {
    const added = roundedItemAfter(roundedEffect(PROJECTS[0] as string, 61 * 60_000, 1) as never, undefined);
    expect(added[roundedProjectAttribute(PROJECTS[0] as string)]).toBeTypeOf('string');
    const removed = roundedItemAfter(roundedEffect(PROJECTS[0] as string, 61 * 60_000, -1) as never, added);
    expect(removed).not.toHaveProperty(roundedProjectAttribute(PROJECTS[0] as string));
    expect(removed.ver).toBe(2);
  });

  it('refuses a stored value that is not 21 whole minute sums rather than misreading it', () => {
    expect(decodeRounded(undefined)).toEqual(ROUNDING_VARIANTS.map(() => 0));
    expect(() => decodeRounded('1,2,3')).toThrow(/21 minute sums/);
    expect(() => decodeRounded(ROUNDING_VARIANTS.map(() => '1.5').join(','))).toThrow(/21 minute sums/);
    expect(() => roundedMsOf(undefined, { mode: 'none', minutes: 15 })).toThrow(/No rounded sum/);
  });
});
