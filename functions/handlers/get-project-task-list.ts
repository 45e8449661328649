import * as activities from '../../contract/endpoints/activities';
import { getTaskList } from '../domain/tracking/task-suggestions';
import { route } from '../http';

/**
 * GET /api/projecttasklist — suggestions for the time-entry Task and Sub-Task inputs, per project:
 * `[{projectId, tasks: [{activity, descriptions: [string]}]}]` (tasks and sub-tasks sorted
 * case-insensitively; only pairs still used by an entry). Served from the task index in one Query.
 */
export const handler = route(activities.getProjectTaskList, async ({ user }) => getTaskList(user));
