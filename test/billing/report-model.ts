import { expect } from 'vitest';
import { type Rounding, roundEntryMs } from '../../contract/rounding';
import { foldTag } from '../../contract/tags';
import { weekStart } from '../../functions/domain/shared/calendar';
import type { TestUser } from '../activities/helpers';
import { call } from '../api';

/**
 * What a report should answer, computed the straightforward way from the entries themselves (no
 * rollups): the reference the report tests compare `GET /api/reports` against.
 */

export interface ModelEntry {
  projectId: string;
  day: string;
  duration: number;
  billable: boolean;
  tags: string[];
  task: string;
}

export interface ReportQuery {
  startdate: string;
  enddate: string;
  groupby: 'week' | 'day' | 'month' | 'project' | 'tag' | 'task';
  tag?: string;
  billable?: 'true' | 'false';
}

export interface Figures {
  timeMs: number;
  billableMs: number;
  roundedBillableMs: number;
  billableAmount: number;
}

const H = 3_600_000n;

function keysOf(e: ModelEntry, groupby: ReportQuery['groupby']): (string | null)[] {
  switch (groupby) {
    case 'week':
      return [weekStart(e.day)];
    case 'day':
      return [e.day];
    case 'month':
      return [e.day.slice(0, 7)];
    case 'project':
      return [e.projectId];
    case 'task':
      return [e.task || null];
    case 'tag':
      return e.tags.length ? e.tags : [null];
  }
}

/** The report's rows (by key, rows without time left out) and total, from the entries. */
export function expectedReport(
  entries: readonly ModelEntry[],
  rateCents: ReadonlyMap<string, number>,
  q: ReportQuery,
  rounding: Rounding,
): { rows: Map<string | null, Figures>; total: Figures } {
  const sums = () => ({ timeMs: 0, billableMs: 0, roundedBillableMs: 0, numerator: 0n });
  const total = sums();
  const rows = new Map<string | null, ReturnType<typeof sums>>();
  const wanted = q.tag === undefined ? undefined : foldTag(q.tag.trim());
  for (const e of entries) {
    if (e.day < q.startdate || e.day > q.enddate) continue;
    if (q.billable !== undefined && String(e.billable) !== q.billable) continue;
    if (wanted !== undefined && !e.tags.some((t) => foldTag(t) === wanted)) continue;
    const rounded = e.billable ? roundEntryMs(e.duration, rounding) : 0;
    const add = (s: ReturnType<typeof sums>) => {
      s.timeMs += e.duration;
      s.billableMs += e.billable ? e.duration : 0;
      s.roundedBillableMs += rounded;
      s.numerator += BigInt(rounded) * BigInt(rateCents.get(e.projectId) ?? 0);
    };
    add(total);
    for (const key of keysOf(e, q.groupby)) {
      const row = rows.get(key) ?? sums();
      rows.set(key, row);
      add(row);
    }
  }
  const figures = ({ numerator, ...rest }: ReturnType<typeof sums>): Figures => ({
    ...rest,
    billableAmount: Number((numerator * 2n + H) / (2n * H)) / 100,
  });
  return {
    rows: new Map([...rows].filter(([, s]) => s.timeMs > 0).map(([k, s]) => [k, figures(s)])),
    total: figures(total),
  };
}

/** Asks `GET /api/reports` and expects exactly the rows and total the entries make. */
export async function expectReportOfEntries(
  user: TestUser,
  entries: readonly ModelEntry[],
  rateCents: ReadonlyMap<string, number>,
  q: ReportQuery,
  rounding: Rounding,
) {
  const res = await call('GET', '/api/reports', { token: user.token, query: { ...q } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const want = expectedReport(entries, rateCents, q, rounding);
  const got = new Map(
    (res.body.rows as ({ key: string | null } & Figures)[]).map((r) => [
      r.key,
      {
        timeMs: r.timeMs,
        billableMs: r.billableMs,
        roundedBillableMs: r.roundedBillableMs,
        billableAmount: r.billableAmount,
      },
    ]),
  );
  const sorted = (m: Map<string | null, Figures>) =>
    [...m].sort(([a], [b]) => String(a).localeCompare(String(b)));
  expect(sorted(got), JSON.stringify(q)).toEqual(sorted(want.rows));
  expect(res.body.total, JSON.stringify(q)).toEqual(want.total);
}
