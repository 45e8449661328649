import * as activities from '../../contract/endpoints/activities';
import { getFinanceTaskList } from '../domain/tracking/task-suggestions';
import { route } from '../http';

/**
 * GET /api/projectfinancetasklist — suggestions for the income/expense Task and Sub-Task inputs, per
 * project: `[{projectId, tasks: [{activity, descriptions: [string]}]}]` (sorted case-insensitively;
 * only pairs still used by an entry). Served from the finance task index in one Query.
 */
export const handler = route(activities.getProjectFinanceTaskList, async ({ user }) =>
  getFinanceTaskList(user),
);
