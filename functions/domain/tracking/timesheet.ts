import { TIMESHEET_DEFAULT_LIMIT, type TimesheetQueryInput } from '../../../contract/queries';
import type { TimeActivity } from '../../../contract/responses';
import { InvalidCursorError } from '../../data/core/errors';
import type { UserRecord } from '../../data/identity/users';
import { getProject, listProjects } from '../../data/tracking/projects';
import { queryTimesheet } from '../../data/tracking/timesheet';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { toTimeActivity } from './responses';

/**
 * One page of the user's time entries from `startdate` to `enddate` (inclusive), newest first, in
 * one project or all. `q` keeps entries whose task or sub-task contains it, ignoring case;
 * `clientid` those of the client's projects, `tag` those carrying the tag (any case), `billable`
 * the billable or unbillable ones.
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
  const tag = query.tag?.trim() || undefined;
  let projectIds: string[] | undefined;
  if (query.clientid !== undefined) {
    // An unknown client (or another user's) has no projects: an empty page, not an error.
    const clientId = query.clientid.toUpperCase();
    const projects = await listProjects(user._id);
    projectIds = projects.filter((p) => p.clientId === clientId).map((p) => p.projectId);
    if (projectIds.length === 0) return { items: [] };
  }
  try {
    const page = await queryTimesheet({
      userId: user._id,
      startDay: query.startdate,
      endDay: query.enddate,
      ...(projectId ? { projectId } : {}),
      ...(search ? { search } : {}),
      ...(projectIds ? { projectIds } : {}),
      ...(tag ? { tag } : {}),
      ...(query.billable !== undefined ? { billable: query.billable } : {}),
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
