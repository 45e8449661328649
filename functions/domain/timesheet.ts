import * as z from 'zod/mini';
import { characterCount, isEntityId, MAX_NAME_LENGTH, pageLimitField } from '../../contract/fields';
import type { TimeActivity } from '../../contract/responses';
import { InvalidCursorError } from '../data/errors';
import { getProject } from '../data/projects';
import { queryTimesheet } from '../data/timesheet';
import type { UserRecord } from '../data/users';
import { NotFoundError, schemaMessage, ValidationError } from '../lib/errors';
import { MAX_DAY, MIN_DAY } from './dates';
import { toTimeActivity } from './responses';

export const TIMESHEET_DEFAULT_LIMIT = 100;
export const TIMESHEET_MAX_LIMIT = 1000;

const dayField = (field: 'startdate' | 'enddate') =>
  z.string({ error: schemaMessage('DAY_REQUIRED', { field }) }).check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, schemaMessage('INVALID_DAY', { field })),
    z.refine(
      (d) => {
        const t = Date.parse(`${d}T00:00:00.000Z`);
        return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d) && d >= MIN_DAY && d <= MAX_DAY;
      },
      schemaMessage('INVALID_DAY', { field }),
    ),
  );

/** Query of GET /api/timeactivities (the timesheet). */
export const timesheetQuerySchema = z.object({
  startdate: dayField('startdate'),
  enddate: dayField('enddate'),
  projectid: z.optional(z.string().check(z.maxLength(200))),
  q: z.optional(
    z
      .string({ error: schemaMessage('NOT_TEXT', { field: 'q' }) })
      .check(
        z.refine(
          (s) => characterCount(s) <= MAX_NAME_LENGTH,
          schemaMessage('TEXT_TOO_LONG', { field: 'q', max: MAX_NAME_LENGTH }),
        ),
      ),
  ),
  limit: pageLimitField(TIMESHEET_MAX_LIMIT),
  cursor: z.optional(z.string().check(z.maxLength(2000, schemaMessage('INVALID_CURSOR')))),
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
    throw new ValidationError('END_BEFORE_START', { param: 'enddate' });
  }
  const projectId = query.projectid ? query.projectid.toUpperCase() : undefined;
  if (projectId !== undefined) {
    if (!isEntityId(projectId) || !(await getProject(user._id, projectId.toUpperCase()))) {
      throw new NotFoundError('PROJECT_NOT_FOUND');
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
    if (error instanceof InvalidCursorError) throw new ValidationError('INVALID_CURSOR', { param: 'cursor' });
    throw error;
  }
}
