import * as z from 'zod';
import { InvalidCursorError } from '../data/errors';
import { getProject } from '../data/projects';
import { queryTimesheet } from '../data/timesheet';
import type { UserRecord } from '../data/users';
import { NotFoundError, ValidationError } from '../lib/errors';
import { MAX_DAY, MIN_DAY } from './dates';
import { characterCount, isEntityId, MAX_NAME_LENGTH } from './fields';
import { PROJECT_NOT_FOUND } from './projects';
import { type TimeActivity, toTimeActivity } from './responses';

export const TIMESHEET_DEFAULT_LIMIT = 100;
export const TIMESHEET_MAX_LIMIT = 1000;

const dayField = (name: string) =>
  z
    .string({ error: `${name} is required (yyyy-mm-dd)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date (yyyy-mm-dd)`)
    .refine((d) => {
      const t = Date.parse(`${d}T00:00:00.000Z`);
      return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d) && d >= MIN_DAY && d <= MAX_DAY;
    }, `${name} must be a date (yyyy-mm-dd)`);

/** Query of GET /api/timeactivities (the timesheet). */
export const timesheetQuerySchema = z.object({
  startdate: dayField('startdate'),
  enddate: dayField('enddate'),
  projectid: z.string().max(200).optional(),
  q: z
    .string({ error: 'q must be text' })
    .refine((s) => characterCount(s) <= MAX_NAME_LENGTH, `q must be at most ${MAX_NAME_LENGTH} characters`)
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${TIMESHEET_MAX_LIMIT}`)
    .max(TIMESHEET_MAX_LIMIT, `limit must be between 1 and ${TIMESHEET_MAX_LIMIT}`)
    .optional(),
  cursor: z.string().max(2000, 'Invalid cursor').optional(),
});

export type TimesheetQueryInput = z.infer<typeof timesheetQuerySchema>;

/**
 * One page of the user's time entries from `startdate` to `enddate` (inclusive), newest first, in
 * one project or all. `q` keeps entries whose task or sub-task contains it, ignoring case.
 */
export async function listTimesheet(
  user: UserRecord,
  query: TimesheetQueryInput,
): Promise<{ items: TimeActivity[]; nextCursor?: string }> {
  if (query.enddate < query.startdate) {
    throw new ValidationError('enddate must not be before startdate', 'enddate');
  }
  const projectId = query.projectid ? query.projectid.toUpperCase() : undefined;
  if (projectId !== undefined) {
    if (!isEntityId(projectId) || !(await getProject(user._id, projectId.toUpperCase()))) {
      throw new NotFoundError(PROJECT_NOT_FOUND, 'PROJECT_NOT_FOUND');
    }
  }
  const search = query.q?.trim() || undefined;
  try {
    const page = await queryTimesheet({
      userId: user._id,
      startDay: query.startdate,
      endDay: query.enddate,
      ...(projectId ? { projectId } : {}),
      ...(search ? { search } : {}),
      limit: query.limit ?? TIMESHEET_DEFAULT_LIMIT,
      ...(query.cursor ? { cursor: query.cursor } : {}),
    });
    return {
      items: page.items.map(toTimeActivity),
      ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    };
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new ValidationError('Invalid cursor', 'cursor');
    throw error;
  }
}
