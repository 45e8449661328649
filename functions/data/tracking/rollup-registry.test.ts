import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPENSE_CATEGORIES } from '../../../contract/enums';
import { foldTag } from '../../../contract/tags';
import { type EntryKind, projectDerivedPrefixes, projectKey } from '../core/keys';
import { missingEffects } from './rollup-backfill';
import { type Contribution, type Effect, mergeEffects } from './rollup-family';
import { ROLLUP_LEVELS } from './rollup-levels';
import { countsIn, ENTRY_FAMILIES, highestLevel, ROLLUP_FAMILIES, TAG_DAY } from './rollup-registry';
import { effectsOf } from './rollups';

const KINDS: EntryKind[] = ['time', 'finance'];

const day = fc
  .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 11, 31) })
  .map((ms) => new Date(ms).toISOString().slice(0, 10));
const text = fc.oneof(
  fc.constantFrom('', 'Design', 'design', 'a#b', '日本', '😀'),
  fc.string({ maxLength: 8 }),
);

/** Any entry's contribution, as `ActivityKind.contribution` makes it (no stored level: the current). */
const contribution: fc.Arbitrary<Contribution> = fc
  .record({
    kind: fc.constantFrom<EntryKind>('time', 'finance'),
    projectId: fc.constantFrom('P1', 'P2'),
    day,
    task: text,
    subTask: text,
    amount: fc.integer({ min: 0, max: 12 * 3_600_000 }),
    billable: fc.boolean(),
    tags: fc.uniqueArray(fc.constantFrom('Review', 'review ', 'Call', 'Ü', '#1'), { maxLength: 3 }),
    expense: fc.boolean(),
    vatCents: fc.integer({ min: 0, max: 100_000 }),
    category: fc.constantFrom(...EXPENSE_CATEGORIES),
  })
  .map(({ kind, amount, billable, tags, expense, vatCents, category, ...base }) =>
    kind === 'time'
      ? { ...base, kind, timeMs: amount, incomeCents: 0, expenseCents: 0, billable, tags }
      : {
          ...base,
          kind,
          timeMs: 0,
          incomeCents: expense ? 0 : amount,
          expenseCents: expense ? amount : 0,
          expense,
          vatCents,
          ...(expense ? { category } : {}),
        },
  );

/** A level an entry of this kind may have been stored at (release 1 up to now). */
const storedLevel = (c: Contribution) => fc.integer({ min: 0, max: ROLLUP_LEVELS[c.kind] });

/** What an edit may change of an entry of the other kind's shape: its project, day and task. */
const amountsOf = (c: Contribution) => ({
  projectId: c.projectId,
  day: c.day,
  task: c.task,
  subTask: c.subTask,
});

type Table = Map<string, Record<string, unknown>>;

/** Applies one transaction's merged effects as DynamoDB would: SET the names, ADD the numbers. */
function apply(table: Table, effects: Effect[]) {
  for (const e of mergeEffects(effects)) {
    const item = table.get(e.key.SK) ?? { ...e.key };
    Object.assign(item, e.set);
    for (const [name, value] of Object.entries(e.add)) item[name] = Number(item[name] ?? 0) + value;
    table.set(e.key.SK, item);
  }
}

/** The items as a reader sees them: numbers that are 0 and items holding nothing left out. */
function visible(table: Table) {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [sk, item] of table) {
    const kept = Object.fromEntries(Object.entries(item).filter(([, v]) => v !== 0));
    if (Object.values(kept).some((v) => typeof v === 'number')) out[sk] = kept;
  }
  return out;
}

/** A history: entries created at some stored level, edited (written back at the current one), deleted. */
const history = fc.array(
  fc.oneof(
    contribution.chain((c) => storedLevel(c).map((level) => ({ op: 'create' as const, c, level }))),
    fc.record({ op: fc.constant('edit' as const), at: fc.nat(), c: contribution }),
    fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
  ),
  { maxLength: 25 },
);

describe('the rollup registry', () => {
  it('is the one list of families: names unique, and each kind’s current level the highest any family counts it from', () => {
    const names = ROLLUP_FAMILIES.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const kind of KINDS) expect(ROLLUP_LEVELS[kind]).toBe(highestLevel(kind));
    expect(ROLLUP_FAMILIES).toContain(TAG_DAY);
    expect(ENTRY_FAMILIES).not.toContain(TAG_DAY);
  });

  it('keeps every entry family’s items in the project’s derived prefixes, so they go with the project (property)', () => {
    fc.assert(
      fc.property(contribution, (c) => {
        const prefixes = projectDerivedPrefixes(c.projectId);
        for (const family of ENTRY_FAMILIES) {
          if (!countsIn(family, c)) continue;
          for (const { key } of family.items('u', c)) {
            expect(key.PK).toBe('USER#u');
            if (key.SK === projectKey('u', c.projectId).SK) continue;
            expect(
              prefixes.some((p) => key.SK.startsWith(p)),
              `${family.name}: ${key.SK}`,
            ).toBe(true);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('puts an entry’s item inside a family’s range read exactly when its period is in the range (property)', () => {
    fc.assert(
      fc.property(contribution, day, day, (c, a, b) => {
        const [first, last] = a <= b ? [a, b] : [b, a];
        for (const family of ROLLUP_FAMILIES) {
          const read = family.read;
          if (!read || !countsIn(family, c)) continue;
          const [from, to] = [read.period(first), read.period(last)];
          const period = read.period(c.day);
          const scoped =
            family.writtenBy === 'stream'
              ? (c.tags ?? []).map((tag, i) => ({ scope: foldTag(tag), key: family.keys('u', c)[i] }))
              : family.items('u', c).map(({ key }) => ({ scope: c.projectId, key }));
          for (const { scope, key } of scoped) {
            const range = read.range('u', scope, from, to);
            const inside = key?.PK === range.PK && range.from <= key.SK && key.SK <= range.to;
            expect(inside, `${family.name}: ${key?.SK} in ${range.from}…${range.to}`).toBe(
              from <= period && period <= to,
            );
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('back-fills from raw entries exactly the items the incremental writes made, whatever level entries were stored at (property)', () => {
    fc.assert(
      fc.property(history, (ops) => {
        const table: Table = new Map();
        const live: Contribution[] = [];
        for (const step of ops) {
          if (step.op === 'create') {
            const stored = { ...step.c, rollupLevel: step.level };
            apply(table, effectsOf('u', stored, 1));
            live.push(stored);
            continue;
          }
          if (live.length === 0) continue;
          const i = step.at % live.length;
          const current = live[i] as Contribution;
          if (step.op === 'delete') {
            apply(table, effectsOf('u', current, -1));
            live.splice(i, 1);
          } else {
            // An edit writes the new version at the current level (an entry keeps its kind).
            const edited = (
              step.c.kind === current.kind
                ? step.c
                : { ...current, ...amountsOf(step.c), rollupLevel: undefined }
            ) as Contribution;
            apply(table, [...effectsOf('u', current, -1), ...effectsOf('u', edited, 1)]);
            live[i] = edited;
          }
        }
        // The back-fill: each entry still below its kind's level gets what it misses.
        for (const c of live) apply(table, missingEffects('u', c));
        const rebuilt: Table = new Map();
        apply(
          rebuilt,
          live.flatMap((c) => effectsOf('u', { ...c, rollupLevel: undefined }, 1)),
        );
        expect(visible(table)).toEqual(visible(rebuilt));
      }),
      { numRuns: 300 },
    );
  });
});
