import { describe, expect, it } from 'vitest';
import { getCounters } from '../../functions/data/core/counters';
import { expectTotalsConsistent, newUser, partition } from '../activities/helpers';
import { call } from '../api';
import { expectReportOfEntries, type ModelEntry } from '../billing/report-model';
import { FULL } from '../runs';

/**
 * Issue 35 item 8: a year of Toggl Track history — 5,000 rows (with FULL=1; 1,400 otherwise),
 * four projects, tags, billable and not — imported in ONE request, with every row stored once and every total and report equal to
 * the sums of the raw rows, to the second. (How fast is measured by `bench/import-one.ts`.)
 */

/** A year of rows; the developer's quick run (`npm test` without FULL=1) imports about four a day. */
const ROWS = FULL ? 5_000 : 1_400;
const PER_DAY = Math.ceil(ROWS / 365);
const PROJECTS = ['Atlas', 'Brücke', '設計', 'Delta ✓'];
const TAGS = [[], ['client-a'], ['client-a', 'review'], ['Überstunden']] as const;
const pad = (n: number) => String(n).padStart(2, '0');
const clock = (seconds: number) =>
  `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;

interface RawRow extends Omit<ModelEntry, 'projectId'> {
  project: string;
}

/** The file, and what each row says (the reference the stored data is checked against). */
function yearOfToggl(): { text: string; rows: RawRow[] } {
  const lines = [
    'User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags',
  ];
  const rows: RawRow[] = [];
  const start = Date.UTC(2025, 0, 1);
  for (let i = 0; i < ROWS; i++) {
    // About 14 rows a day over 2025 (4 in the quick run), one after another from 07:00; lengths
    // to the second.
    const day = new Date(start + Math.floor(i / PER_DAY) * 86_400_000).toISOString().slice(0, 10);
    const from = 7 * 3600 + (i % PER_DAY) * 3600;
    const seconds = 61 + ((i * 7_919) % 3_500);
    const project = PROJECTS[i % 4] as string;
    const task = i % 6 === 0 ? '' : `Task ${i % 5}`;
    const tags = [...(TAGS[(i >> 2) % 4] ?? [])];
    const billable = i % 7 !== 3;
    rows.push({ project, day, duration: seconds * 1000, billable, tags, task });
    lines.push(
      [
        'Ada',
        'ada@example.com',
        '',
        `"${project}"`,
        task,
        `"Row ${i % 40}, ""part"" ${i % 3}"`,
        billable ? 'Yes' : 'No',
        day,
        clock(from),
        day,
        clock(from + seconds),
        clock(seconds),
        `"${tags.join(', ')}"`,
      ].join(','),
    );
  }
  return { text: `\uFEFF${lines.join('\r\n')}\r\n`, rows };
}

describe('a year of Toggl history in one request (issue 35 item 8)', () => {
  it(`stores all ${ROWS.toLocaleString('en-US')} rows once, with totals and reports equal to the sums of the raw rows`, async () => {
    const user = await newUser({ premium: true });
    const { text, rows } = yearOfToggl();

    const res = await call('POST', '/api/import/toggl', {
      token: user.token,
      rawBody: text,
      headers: { 'content-type': 'text/csv' },
      query: { tz: 'UTC' },
    });

    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    expect(res.body).toMatchObject({ imported: ROWS, skipped: 0, errors: [] });
    expect([...res.body.projectsCreated].sort()).toEqual([...PROJECTS].sort());
    const { times } = await expectTotalsConsistent(user.userId);
    expect(times).toHaveLength(ROWS);
    expect(new Set(times.map((t) => t.SK)).size).toBe(ROWS);
    expect((await getCounters(user.userId)).activityCount).toBe(ROWS);
    // No count left on a project for a later fold.
    expect((await partition(user.userId)).filter((i) => i.uncountedImports !== undefined)).toEqual([]);

    const projects = (await call('GET', '/api/projects', { token: user.token })).body as {
      _id: string;
      name: string;
      totalHours: number;
    }[];
    const idOf = new Map(projects.map((p) => [p.name, p._id]));
    for (const p of projects) {
      const sum = rows.filter((r) => r.project === p.name).reduce((ms, r) => ms + r.duration, 0);
      expect(p.totalHours, p.name).toBe(sum);
    }
    const entries = rows.map(({ project, ...r }) => ({ ...r, projectId: idOf.get(project) as string }));
    const noRates = new Map<string, number>();
    const year = { startdate: '2025-01-01', enddate: '2025-12-31' };
    const none = { mode: 'none', minutes: 15 } as const;
    for (const groupby of ['project', 'month', 'tag', 'week'] as const) {
      await expectReportOfEntries(user, entries, noRates, { ...year, groupby }, none);
    }
    // By day with a tag filter reads the per-tag items the table's stream keeps: not here.
    await expectReportOfEntries(user, entries, noRates, { ...year, groupby: 'week', tag: 'review' }, none);
  }, 600_000);
});
