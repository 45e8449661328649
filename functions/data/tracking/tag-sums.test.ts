import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROUNDING_VARIANTS, roundEntryMs, roundedAttribute } from '../../../contract/rounding';
import type { Effect } from './rollups';
import { tagDayEffects } from './tag-rollups';
import { decodeProjectSums, projectSumsReader, tagDayItemAfter, tagDayProjectAttribute } from './tag-sums';

const PROJECTS = ['01JPROJECTAAAAAAAAAAAAAAAA', '01JPROJECTBBBBBBBBBBBBBBBB'];

const entry = fc.record({
  project: fc.constantFrom(...PROJECTS),
  // Up to 366 days, as the longest entry may be, and any milliseconds.
  timeMs: fc.oneof(fc.integer({ min: 0, max: 300 * 60_000 }), fc.integer({ min: 0, max: 366 * 86_400_000 })),
  billable: fc.boolean(),
  sign: fc.constantFrom(1 as const, -1 as const),
});

/** The effect of one entry's count on its day's item under the tag `t`. */
const effectOf = (projectId: string, timeMs: number, billable: boolean, sign: 1 | -1) =>
  tagDayEffects('U', { projectId, day: '2026-03-02', tags: ['t'], billable, timeMs }, sign)[0] as Effect;

describe('the sums of a tag day item (one string per project)', () => {
  it('add up, per project, to the time, billable time and each rounding of what was added and taken out (property)', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), (entries) => {
        let item: Record<string, unknown> | undefined;
        for (const e of entries)
          item = tagDayItemAfter(effectOf(e.project, e.timeMs, e.billable, e.sign), item);
        for (const projectId of PROJECTS) {
          const mine = entries.filter((e) => e.project === projectId);
          const sums = decodeProjectSums(item?.[tagDayProjectAttribute(projectId)]);
          expect(sums.timeMs).toBe(mine.reduce((sum, e) => sum + e.sign * e.timeMs, 0));
          expect(sums.billableMs).toBe(
            mine.reduce((sum, e) => sum + (e.billable ? e.sign * e.timeMs : 0), 0),
          );
          for (const variant of ROUNDING_VARIANTS) {
            const read = projectSumsReader(roundedAttribute(variant))(
              item?.[tagDayProjectAttribute(projectId)],
            );
            const want = mine.reduce(
              (sum, e) => sum + (e.billable ? e.sign * roundEntryMs(e.timeMs, variant) : 0),
              0,
            );
            expect(read).toEqual({
              timeMs: sums.timeMs,
              billableMs: sums.billableMs,
              roundedBillableMs: want,
            });
          }
        }
        expect(item?.ver ?? 0).toBe(entries.length);
      }),
      { numRuns: 300 },
    );
  });

  it('leaves out a project whose sums all come back to 0, and counts every put in `ver`', () => {
    const project = PROJECTS[0] as string;
    const added = tagDayItemAfter(effectOf(project, 61 * 60_000, true, 1), undefined);
    expect(added[tagDayProjectAttribute(project)]).toBeTypeOf('string');
    const removed = tagDayItemAfter(effectOf(project, 61 * 60_000, true, -1), added);
    expect(removed).not.toHaveProperty(tagDayProjectAttribute(project));
    expect(removed.ver).toBe(2);
  });

  it('refuses a stored value that is not 23 integer sums rather than misreading it', () => {
    expect(decodeProjectSums(undefined)).toEqual({
      timeMs: 0,
      billableMs: 0,
      roundedMinutes: ROUNDING_VARIANTS.map(() => 0),
    });
    expect(() => decodeProjectSums('1,2,3')).toThrow(/23 integer sums/);
    expect(() => decodeProjectSums(Array(23).fill('1.5').join(','))).toThrow(/23 integer sums/);
    expect(() => projectSumsReader(undefined)('1,2,3')).toThrow(/23 integer sums/);
    expect(() => projectSumsReader('rU7')).toThrow(/No rounded sum/);
    expect(projectSumsReader('rU15')(undefined)).toEqual({ timeMs: 0, billableMs: 0, roundedBillableMs: 0 });
  });
});
