import { ulid } from 'ulid';
import * as z from 'zod';
import { InvalidCursorError } from '../data/errors';
import {
  addFinanceActivity,
  changeFinanceActivity,
  type FinanceActivityRecord,
  listFinanceActivitiesForProject,
  removeFinanceActivity,
} from '../data/finance-activities';
import { getProject, listDeletingProjectIds } from '../data/projects';
import { listTaskIndex, type TaskIndexEntry } from '../data/task-lists';
import {
  addTimeActivity,
  changeTimeActivity,
  listTimeActivitiesForProject,
  removeTimeActivity,
  type TimeActivityRecord,
} from '../data/time-activities';
import type { UserRecord } from '../data/users';
import { config } from '../lib/config';
import { ForbiddenError, NotFoundError, ValidationError } from '../lib/errors';
import { normaliseActivityDate, parseInstant } from './dates';
import { CLIENT_ID, entityIdField, isEntityId, MAX_NAME_LENGTH, MAX_TEXT_LENGTH, textField } from './fields';
import { amountToCents, MAX_AMOUNT } from './money';
import { PROJECT_NOT_FOUND } from './projects';
import { type FinanceActivity, type TimeActivity, toFinanceActivity, toTimeActivity } from './responses';

/** The specification's notice for a start after the end, word for word. */
export const TIME_TRAVELLER = "Woah time traveller! Your start time can't be after your end time!";
/** One entry may cover at most a year: more is a typo, and it keeps every total a safe integer. */
export const MAX_DURATION_MS = 366 * 24 * 60 * 60 * 1000;
export const MAX_TASK_LENGTH = MAX_NAME_LENGTH;
export const MAX_NOTES_LENGTH = MAX_TEXT_LENGTH;
/** Entries per page of a project's list. */
export const DEFAULT_PAGE_SIZE = 1000;

export const itemLimitMessage = (limit: number) =>
  `Please upgrade to premium to add more than ${limit} items`;

const projectIdField = entityIdField('Project is required', PROJECT_NOT_FOUND, 'PROJECT_NOT_FOUND');

const instantField = (label: string) =>
  z
    .string({ error: `${label} must be an ISO date-time or null` })
    .max(40, `${label} must be an ISO date-time or null`)
    .nullable();

const durationField = z
  .number({ error: 'Duration must be a number of milliseconds' })
  .min(0, 'Duration must not be negative')
  .max(MAX_DURATION_MS, `Duration must be at most ${MAX_DURATION_MS / 3_600_000} hours`);

const amountField = z.number({ error: 'Amount must be a number' });

const common = {
  activity: textField('Task', MAX_TASK_LENGTH).optional(),
  description: textField('Sub-task', MAX_TASK_LENGTH).optional(),
  date: z
    .string({ error: 'Date must be an ISO date' })
    .max(40, 'Date must be an ISO date')
    .nullable()
    .optional(),
};

/** Body of POST /api/timeactivities. `_id` (a ULID) makes a retried create count once. */
export const timeActivityCreateSchema = z.object({
  _id: CLIENT_ID.optional(),
  projectId: projectIdField,
  ...common,
  startTime: instantField('Start time').optional(),
  endTime: instantField('End time').optional(),
  duration: durationField.optional(),
});

/** Body of PUT /api/timeActivities/{id}: any field; a `projectId` moves the entry. */
export const timeActivityUpdateSchema = timeActivityCreateSchema.omit({ _id: true }).partial();

/** Body of POST /api/financeactivities. `_id` (a ULID) makes a retried create count once. */
export const financeActivityCreateSchema = z.object({
  _id: CLIENT_ID.optional(),
  projectId: projectIdField,
  ...common,
  amount: amountField.optional(),
  expense: z.boolean({ error: 'Expense must be true or false' }).optional(),
  notes: textField('Notes', MAX_NOTES_LENGTH).nullable().optional(),
});

/** Body of PUT /api/financeActivities/{id}: any field; a `projectId` moves the entry. */
export const financeActivityUpdateSchema = financeActivityCreateSchema.omit({ _id: true }).partial();

/** Query of the list endpoints: optional page size and the cursor of the previous page. */
export const listQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 1000')
    .max(DEFAULT_PAGE_SIZE, 'limit must be between 1 and 1000')
    .optional(),
  cursor: z.string().max(2000, 'Invalid cursor').optional(),
});

export type TimeActivityCreate = z.infer<typeof timeActivityCreateSchema>;
export type TimeActivityUpdate = z.infer<typeof timeActivityUpdateSchema>;
export type FinanceActivityCreate = z.infer<typeof financeActivityCreateSchema>;
export type FinanceActivityUpdate = z.infer<typeof financeActivityUpdateSchema>;
export type ListQuery = z.infer<typeof listQuerySchema>;

function activityDate(text: string | null | undefined, now: Date): string {
  const date = normaliseActivityDate(text, now);
  if (!date) throw new ValidationError('Date must be an ISO date (yyyy-mm-dd or a timestamp)', 'date');
  return date.iso;
}

function instant(text: string | null | undefined, param: string, label: string): string | null {
  if (text === null || text === undefined || text === '') return null;
  const date = parseInstant(text);
  if (!date) throw new ValidationError(`${label} must be an ISO date-time or null`, param);
  return date.toISOString();
}

/**
 * The time rules of the specification: the start may not be after the end when an end is set;
 * when both are set the duration is the end minus the start (recomputed here, whatever the client
 * sent); otherwise the given duration (default 0), whole milliseconds, never negative.
 */
export function resolveTime(input: {
  startTime: string | null;
  endTime: string | null;
  duration: number | undefined;
}): { startTime: string | null; endTime: string | null; duration: number } {
  const { startTime, endTime } = input;
  let duration = Math.round(input.duration ?? 0);
  if (startTime !== null && endTime !== null) {
    const span = Date.parse(endTime) - Date.parse(startTime);
    if (span < 0) throw new ValidationError(TIME_TRAVELLER, 'startTime', 'START_AFTER_END');
    duration = span;
  }
  if (duration < 0) throw new ValidationError('Duration must not be negative', 'duration');
  if (duration > MAX_DURATION_MS) {
    throw new ValidationError(`Duration must be at most ${MAX_DURATION_MS / 3_600_000} hours`, 'duration');
  }
  return { startTime, endTime, duration };
}

function cents(amount: number | undefined): number {
  const value = amountToCents(amount ?? 0);
  if (value === undefined) {
    throw new ValidationError(
      `Amount must be a non-negative number with at most 2 decimals, up to ${MAX_AMOUNT}`,
      'amount',
    );
  }
  return value;
}

/** A new time activity record from a validated body (pure but for the clock and a fresh id). */
export function newTimeActivityRecord(
  userId: string,
  input: TimeActivityCreate,
  now: Date,
): TimeActivityRecord {
  const stamp = now.toISOString();
  return {
    activityId: input._id ?? ulid(now.getTime()),
    userId,
    projectId: input.projectId,
    activity: input.activity ?? '',
    description: input.description ?? '',
    date: activityDate(input.date, now),
    ...resolveTime({
      startTime: instant(input.startTime, 'startTime', 'Start time'),
      endTime: instant(input.endTime, 'endTime', 'End time'),
      duration: input.duration,
    }),
    version: 1,
    createdAt: stamp,
    updatedAt: stamp,
  };
}

/** The edited record: fields absent from the body keep their value; `null` clears a start or end. */
export function editedTimeActivityRecord(
  current: TimeActivityRecord,
  input: TimeActivityUpdate,
  now: Date,
): TimeActivityRecord {
  const startTime =
    input.startTime === undefined ? current.startTime : instant(input.startTime, 'startTime', 'Start time');
  const endTime =
    input.endTime === undefined ? current.endTime : instant(input.endTime, 'endTime', 'End time');
  return {
    ...current,
    projectId: input.projectId ?? current.projectId,
    activity: input.activity ?? current.activity,
    description: input.description ?? current.description,
    // On an edit, an absent or null date keeps the entry's day ("today" is only the default of a new entry).
    date: input.date === undefined || input.date === null ? current.date : activityDate(input.date, now),
    ...resolveTime({ startTime, endTime, duration: input.duration ?? current.duration }),
    updatedAt: now.toISOString(),
  };
}

/** A new finance activity record from a validated body: amount default 0, income unless `expense`. */
export function newFinanceActivityRecord(
  userId: string,
  input: FinanceActivityCreate,
  now: Date,
): FinanceActivityRecord {
  const stamp = now.toISOString();
  return {
    activityId: input._id ?? ulid(now.getTime()),
    userId,
    projectId: input.projectId,
    activity: input.activity ?? '',
    description: input.description ?? '',
    date: activityDate(input.date, now),
    amountCents: cents(input.amount),
    expense: input.expense ?? false,
    notes: input.notes ?? '',
    version: 1,
    createdAt: stamp,
    updatedAt: stamp,
  };
}

/** The edited record: fields absent from the body keep their value. */
export function editedFinanceActivityRecord(
  current: FinanceActivityRecord,
  input: FinanceActivityUpdate,
  now: Date,
): FinanceActivityRecord {
  return {
    ...current,
    projectId: input.projectId ?? current.projectId,
    activity: input.activity ?? current.activity,
    description: input.description ?? current.description,
    date: input.date === undefined || input.date === null ? current.date : activityDate(input.date, now),
    amountCents: input.amount === undefined ? current.amountCents : cents(input.amount),
    expense: input.expense ?? current.expense,
    notes: input.notes === undefined ? current.notes : (input.notes ?? ''),
    updatedAt: now.toISOString(),
  };
}

export const itemLimitFor = (user: UserRecord) => (user.premium ? undefined : config.freeItemLimit);

type Created<T> = { created: boolean; activity: T };

function createOutcome<R, T>(
  result: Awaited<ReturnType<typeof addTimeActivity>> | Awaited<ReturnType<typeof addFinanceActivity>>,
  show: (r: R) => T,
): Created<T> {
  switch (result.status) {
    case 'created':
      return { created: true, activity: show(result.record as R) };
    case 'existing':
      return { created: false, activity: show(result.record as R) };
    case 'no-project':
      throw new NotFoundError(PROJECT_NOT_FOUND, 'PROJECT_NOT_FOUND');
    case 'limit':
      throw new ForbiddenError(itemLimitMessage(config.freeItemLimit), 'FREE_ITEM_LIMIT');
    case 'precondition':
      // Plain creates add no extra writes, so no extra condition can fail.
      throw new Error(`Unexpected failed condition: ${result.failed.join(', ')}`);
  }
}

/** Records a time entry for one of the user's projects (idempotent on a client `_id`). */
export async function createTimeActivity(
  user: UserRecord,
  input: TimeActivityCreate,
  now = new Date(),
): Promise<Created<TimeActivity>> {
  const record = newTimeActivityRecord(user._id, input, now);
  return createOutcome(await addTimeActivity(record, itemLimitFor(user)), toTimeActivity);
}

/** Records an income or expense for one of the user's projects (idempotent on a client `_id`). */
export async function createFinanceActivity(
  user: UserRecord,
  input: FinanceActivityCreate,
  now = new Date(),
): Promise<Created<FinanceActivity>> {
  const record = newFinanceActivityRecord(user._id, input, now);
  return createOutcome(await addFinanceActivity(record, itemLimitFor(user)), toFinanceActivity);
}

const TIME_NOT_FOUND = 'Time activity not found';
const FINANCE_NOT_FOUND = 'Finance activity not found';

/** Edits (or moves) one of the user's time entries; another user's id is a 404. */
export async function updateTimeActivity(
  user: UserRecord,
  activityId: string,
  input: TimeActivityUpdate,
  now = new Date(),
): Promise<TimeActivity> {
  if (!isEntityId(activityId)) throw new NotFoundError(TIME_NOT_FOUND);
  const result = await changeTimeActivity(user._id, activityId, (current) =>
    editedTimeActivityRecord(current, input, now),
  );
  if (result.status === 'updated') return toTimeActivity(result.record);
  if (result.status === 'no-project') throw new NotFoundError(PROJECT_NOT_FOUND, 'PROJECT_NOT_FOUND');
  throw new NotFoundError(TIME_NOT_FOUND);
}

/** Edits (or moves) one of the user's finance entries; another user's id is a 404. */
export async function updateFinanceActivity(
  user: UserRecord,
  activityId: string,
  input: FinanceActivityUpdate,
  now = new Date(),
): Promise<FinanceActivity> {
  if (!isEntityId(activityId)) throw new NotFoundError(FINANCE_NOT_FOUND);
  const result = await changeFinanceActivity(user._id, activityId, (current) =>
    editedFinanceActivityRecord(current, input, now),
  );
  if (result.status === 'updated') return toFinanceActivity(result.record);
  if (result.status === 'no-project') throw new NotFoundError(PROJECT_NOT_FOUND, 'PROJECT_NOT_FOUND');
  throw new NotFoundError(FINANCE_NOT_FOUND);
}

/** Deletes one of the user's time entries. */
export async function deleteTimeActivity(user: UserRecord, activityId: string) {
  if (!isEntityId(activityId)) throw new NotFoundError(TIME_NOT_FOUND);
  const result = await removeTimeActivity(user._id, activityId);
  if (result.status !== 'deleted') throw new NotFoundError(TIME_NOT_FOUND);
  return { msg: 'Time activity removed', _id: activityId };
}

/** Deletes one of the user's finance entries. */
export async function deleteFinanceActivity(user: UserRecord, activityId: string) {
  if (!isEntityId(activityId)) throw new NotFoundError(FINANCE_NOT_FOUND);
  const result = await removeFinanceActivity(user._id, activityId);
  if (result.status !== 'deleted') throw new NotFoundError(FINANCE_NOT_FOUND);
  return { msg: 'Finance activity removed', _id: activityId };
}

/** One page of a project's entries, newest first, and the cursor of the next page if any. */
export interface Page<T> {
  items: T[];
  nextCursor?: string;
}

async function listPage<R, T>(
  user: UserRecord,
  projectId: string,
  query: ListQuery,
  read: (
    userId: string,
    projectId: string,
    page: { limit: number; cursor?: string },
  ) => Promise<{ items: R[]; nextCursor?: string }>,
  show: (r: R) => T,
): Promise<Page<T>> {
  if (!isEntityId(projectId) || !(await getProject(user._id, projectId))) {
    throw new NotFoundError(PROJECT_NOT_FOUND, 'PROJECT_NOT_FOUND');
  }
  try {
    const page = await read(user._id, projectId, {
      limit: query.limit ?? DEFAULT_PAGE_SIZE,
      ...(query.cursor ? { cursor: query.cursor } : {}),
    });
    return { items: page.items.map(show), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new ValidationError('Invalid cursor', 'cursor');
    throw error;
  }
}

/** A page of one of the user's projects' time entries, newest first. */
export const listTimeActivities = (user: UserRecord, projectId: string, query: ListQuery) =>
  listPage(user, projectId, query, listTimeActivitiesForProject, toTimeActivity);

/** A page of one of the user's projects' income and expense entries, newest first. */
export const listFinanceActivities = (user: UserRecord, projectId: string, query: ListQuery) =>
  listPage(user, projectId, query, listFinanceActivitiesForProject, toFinanceActivity);

/** The suggestions of one project: each earlier task with its earlier sub-tasks. */
export interface ProjectTaskList {
  projectId: string;
  tasks: { activity: string; descriptions: string[] }[];
}

const byText = (a: string, b: string) =>
  a.localeCompare(b, undefined, { sensitivity: 'base' }) || a.localeCompare(b);

/**
 * Groups task index entries into the suggestion lists (pure): a pair's use counts are summed first
 * (one pair may have an item under the first release's key and one under the current key), then
 * pairs no longer used by any activity (sum 0) are left out; tasks and sub-tasks sorted
 * case-insensitively. Pairs are exact text: `Design` and `design` are two tasks.
 */
export function groupTaskList(entries: TaskIndexEntry[]): ProjectTaskList[] {
  const uses = new Map<string, TaskIndexEntry>();
  for (const e of entries) {
    const key = JSON.stringify([e.projectId, e.activity, e.description]);
    const seen = uses.get(key);
    if (seen) seen.useCount += e.useCount;
    else uses.set(key, { ...e });
  }
  const projects = new Map<string, Map<string, Set<string>>>();
  for (const e of uses.values()) {
    if (e.useCount <= 0) continue;
    const tasks = projects.get(e.projectId) ?? new Map<string, Set<string>>();
    projects.set(e.projectId, tasks);
    const descriptions = tasks.get(e.activity) ?? new Set<string>();
    tasks.set(e.activity, descriptions);
    if (e.description !== '') descriptions.add(e.description);
  }
  return [...projects.entries()].map(([projectId, tasks]) => ({
    projectId,
    tasks: [...tasks.entries()]
      .sort(([a], [b]) => byText(a, b))
      .map(([activity, descriptions]) => ({ activity, descriptions: [...descriptions].sort(byText) })),
  }));
}

/**
 * The task index of one kind without the projects being deleted (their index items go with the
 * clean-up, which may still be under way): two Queries in parallel.
 */
async function liveTaskIndex(userId: string, kind: 'time' | 'finance'): Promise<TaskIndexEntry[]> {
  const [entries, deleting] = await Promise.all([
    listTaskIndex(userId, kind),
    listDeletingProjectIds(userId),
  ]);
  return deleting.size === 0 ? entries : entries.filter((e) => !deleting.has(e.projectId));
}

/** The time-entry suggestions of all the user's projects, from the task index. */
export async function getTaskList(user: UserRecord): Promise<ProjectTaskList[]> {
  return groupTaskList(await liveTaskIndex(user._id, 'time'));
}

/** The income/expense suggestions of all the user's projects, from the task index. */
export async function getFinanceTaskList(user: UserRecord): Promise<ProjectTaskList[]> {
  return groupTaskList(await liveTaskIndex(user._id, 'finance'));
}
