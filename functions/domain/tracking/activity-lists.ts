import type { ListQuery } from '../../../contract/activities';
import { DEFAULT_PAGE_SIZE } from '../../../contract/limits';
import { InvalidCursorError } from '../../data/core/errors';
import type { UserRecord } from '../../data/identity/users';
import type { ActivityPage, PageRequest } from '../../data/tracking/activity-pages';
import { listFinanceActivitiesForProject } from '../../data/tracking/finance-activities';
import { getProject } from '../../data/tracking/projects';
import { listTimeActivitiesForProject } from '../../data/tracking/time-activities';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { toFinanceActivity, toTimeActivity } from './responses';

/** One page of a project's entries, newest first, and the cursor of the next page if any. */
export interface Page<T> {
  items: T[];
  nextCursor?: string;
}

async function listPage<R, T>(
  user: UserRecord,
  projectId: string,
  query: ListQuery,
  read: (userId: string, projectId: string, page: PageRequest) => Promise<ActivityPage<R>>,
  show: (r: R) => T,
): Promise<Page<T>> {
  if (!(await getProject(user._id, projectId))) {
    throw new NotFoundError('PROJECT_NOT_FOUND');
  }
  try {
    const page = await read(user._id, projectId, {
      limit: query.limit ?? DEFAULT_PAGE_SIZE,
      ...(query.cursor ? { cursor: query.cursor } : {}),
    });
    return { items: page.items.map(show), ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new ValidationError('INVALID_CURSOR', { param: 'cursor' });
    throw error;
  }
}

/** A page of one of the user's projects' time entries, newest first. */
export const listTimeActivities = (user: UserRecord, projectId: string, query: ListQuery) =>
  listPage(user, projectId, query, listTimeActivitiesForProject, toTimeActivity);

/** A page of one of the user's projects' income and expense entries, newest first. */
export const listFinanceActivities = (user: UserRecord, projectId: string, query: ListQuery) =>
  listPage(user, projectId, query, listFinanceActivitiesForProject, toFinanceActivity);
