import type { ApiField } from '../../../../contract/error-codes';
import { characterCount } from '../../../../contract/limits';
import { MAX_TAG_LENGTH, MAX_TAGS, normaliseTags, splitTags } from '../../../../contract/tags';
import { MAX_DAY, MIN_DAY } from '../../shared/calendar';
import { MAX_DURATION_MS, MAX_TEXT, RowError, type TimeRow } from './source-rows';
import { instantOfWallClock } from './zones';

/** Reading the cells of a source's row: days, times, durations, amounts, texts, billing. */
export const MAX_DURATION_HOURS = MAX_DURATION_MS / 3_600_000;

export const DAY_MS = 86_400_000;

export function dayMs(day: string): number {
  const ms = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day || day < MIN_DAY || day > MAX_DAY) {
    throw new RowError('ROW_INVALID_DAY', { value: day });
  }
  return ms;
}

export const pad = (n: number | string, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD`. */
export function isoDay(text: string, label: string): string {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text.trim());
  if (!m) throw new RowError('ROW_ISO_DATE', { column: label, value: text });
  const day = `${m[1]}-${pad(m[2] ?? '')}-${pad(m[3] ?? '')}`;
  dayMs(day);
  return day;
}

/** Clockify's `MM/DD/YYYY`. */
export function usDay(text: string, label: string): string {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!m) throw new RowError('ROW_US_DATE', { column: label, value: text });
  const day = `${m[3]}-${pad(m[1] ?? '')}-${pad(m[2] ?? '')}`;
  dayMs(day);
  return day;
}

/** Milliseconds after midnight of `HH:MM[:SS]` or `h:mm[:ss] AM/PM`. */
export function timeOfDay(text: string, label: string): number {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?$/.exec(text.trim());
  const bad = () => new RowError('ROW_TIME', { column: label, value: text });
  if (!m) throw bad();
  let hours = Number(m[1]);
  const minutes = Number(m[2]);
  const seconds = Number(m[3] ?? 0);
  const half = m[4]?.toUpperCase();
  if (half) {
    if (hours < 1 || hours > 12) throw bad();
    hours = (hours % 12) + (half === 'PM' ? 12 : 0);
  }
  if (hours > 23 || minutes > 59 || seconds > 59) throw bad();
  return ((hours * 60 + minutes) * 60 + seconds) * 1000;
}

/** Milliseconds of a `H…H:MM[:SS]` duration. */
export function hms(text: string, label: string): number {
  const m = /^(\d{1,6}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59) {
    throw new RowError('ROW_DURATION', { column: label, value: text });
  }
  return ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3] ?? 0)) * 1000;
}

/**
 * Milliseconds of decimal hours, exactly (no floating point): `1.5`, `0,01` (decimal comma),
 * `1,234.5` or `1.234,5`. With both marks the last one is the decimal mark; one mark used once is
 * the decimal mark (a single entry never runs to thousands of hours); one used twice or more
 * separates thousands.
 */
export function decimalHours(value: string, label = 'Hours'): number {
  const t = value.trim();
  const bad = () => new RowError('ROW_HOURS', { column: label, value });
  if (!/^(\d[\d.,]*|[.,]\d+)$/.test(t)) throw bad();
  const dots = t.split('.').length - 1;
  const commas = t.split(',').length - 1;
  let mark = -1;
  if (dots > 0 && commas > 0) mark = Math.max(t.lastIndexOf('.'), t.lastIndexOf(','));
  else if (dots === 1) mark = t.indexOf('.');
  else if (commas === 1) mark = t.indexOf(',');
  const whole = (mark < 0 ? t : t.slice(0, mark)).replace(/[.,]/g, '');
  const fraction = mark < 0 ? '' : t.slice(mark + 1);
  if (!/^\d*$/.test(fraction) || fraction.length > 9) throw bad();
  const scale = 10n ** BigInt(fraction.length);
  const fractionMs = fraction ? (BigInt(fraction) * 3_600_000n + scale / 2n) / scale : 0n;
  const ms = BigInt(whole || '0') * 3_600_000n + fractionMs;
  if (ms > BigInt(MAX_DURATION_MS)) {
    throw new RowError('ROW_HOURS_TOO_LONG', { column: label, max: MAX_DURATION_HOURS });
  }
  return Number(ms);
}

export function text(value: string, field: ApiField, max = MAX_TEXT): string {
  const t = value.trim();
  if (characterCount(t) > max) throw new RowError('TEXT_TOO_LONG', { field, max });
  return t;
}

export function projectName(value: string): string {
  const name = text(value, 'project');
  if (!name) throw new RowError('FIELD_REQUIRED', { field: 'project' });
  return name;
}

/** Task and sub-task from a source's Task and Description columns. */
export function taskPair(task: string, description: string): { task: string; subTask: string } {
  const t = text(task, 'task');
  const d = text(description, t ? 'subTask' : 'task');
  return t ? { task: t, subTask: d } : { task: d, subTask: '' };
}

export const clock = (ms: number) => {
  const s = Math.floor(ms / 1000);
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
};

/**
 * A time row from its day, optional wall-clock start and end (day + time of day), and duration.
 * Start and end give the duration; without both, the duration column does.
 */
export function timeRow(
  fields: {
    project: string;
    day: string;
    start?: { day: string; ms: number };
    end?: { day: string; ms: number };
    duration?: number;
    task: string;
    subTask: string;
    billing?: Billing;
  },
  tz: string,
): TimeRow {
  const wall = (p: { day: string; ms: number }) => dayMs(p.day) + p.ms;
  const startMs = fields.start ? instantOfWallClock(wall(fields.start), tz) : null;
  const endMs = fields.end ? instantOfWallClock(wall(fields.end), tz) : null;
  let duration = fields.duration ?? 0;
  if (startMs !== null && endMs !== null) {
    if (endMs < startMs) throw new RowError('START_AFTER_END');
    duration = endMs - startMs;
  }
  if (duration > MAX_DURATION_MS)
    throw new RowError('DURATION_TOO_LONG', { field: 'duration', max: MAX_DURATION_HOURS });
  dayMs(fields.day);
  const identity = JSON.stringify([
    fields.project,
    fields.day,
    fields.start ? `${fields.start.day} ${clock(fields.start.ms)}` : '',
    fields.end ? `${fields.end.day} ${clock(fields.end.ms)}` : '',
    duration,
    fields.task,
    fields.subTask,
  ]);
  return {
    kind: 'time',
    project: fields.project,
    day: fields.day,
    startTime: startMs === null ? null : new Date(startMs).toISOString(),
    endTime: endMs === null ? null : new Date(endMs).toISOString(),
    duration,
    task: fields.task,
    subTask: fields.subTask,
    client: fields.billing?.client ?? '',
    ...(fields.billing?.billable !== undefined ? { billable: fields.billing.billable } : {}),
    tags: fields.billing?.tags ?? [],
    identity,
    sortTime: fields.start ? wall(fields.start) : dayMs(fields.day),
  };
}

/** What a time row bills: its client, billable flag and tags, where the file has them. */
export interface Billing {
  client: string;
  billable?: boolean;
  tags: string[];
}

export const TAG_PROBLEM_VALUES = {
  TAG_EMPTY: {},
  TAG_TOO_LONG: { max: MAX_TAG_LENGTH },
  TOO_MANY_TAGS: { max: MAX_TAGS },
};

/**
 * The Client, Billable (`Yes`/`No`, any case; Harvest calls it `Billable?`) and Tags (comma
 * separated) cells of a time row; empty cells say nothing (no client, the project's default, no tags).
 */
export function billing(cell: (column: string) => string): Billing {
  const client = text(cell('Client'), 'client');
  const flag = (cell('Billable') || cell('Billable?')).trim();
  let billable: boolean | undefined;
  if (/^(yes|true)$/i.test(flag)) billable = true;
  else if (/^(no|false)$/i.test(flag)) billable = false;
  else if (flag !== '') throw new RowError('ROW_BILLABLE', { value: flag });
  const tags = normaliseTags(splitTags(cell('Tags')));
  if ('problem' in tags) throw new RowError(tags.problem, TAG_PROBLEM_VALUES[tags.problem]);
  return { client, ...(billable !== undefined ? { billable } : {}), tags: tags.tags };
}

/** The columns every time source reads when present. */
export const BILLING_COLUMNS = ['Client', 'Billable', 'Tags'];

export const optionalTime = (value: string, label: string) =>
  value.trim() ? timeOfDay(value, label) : undefined;
