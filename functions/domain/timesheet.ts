import { TIMESHEET_DEFAULT_LIMIT, type TimesheetQueryInput } from '../../contract/queries';
import type { TimeActivity } from '../../contract/responses';
import { InvalidCursorError } from '../data/errors';
import { getProject } from '../data/projects';
import { queryTimesheet } from '../data/timesheet';
import type { UserRecord } from '../data/users';
import { NotFoundError, ValidationError } from '../lib/errors';
import { toTimeActivity } from './responses';

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
    if (!(await getProject(user._id, projectId))) {
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
