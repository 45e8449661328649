import * as projects from '../../contract/endpoints/projects';
import { deleteUserProject } from '../domain/tracking/projects';
import { route } from '../http';

/**
 * DELETE /api/projects/{id} — deletes the project with its time and finance activities, rollups and
 * suggestions; answers `{msg, _id, removedActivities}`. The project is gone for every reader at
 * once; a clean-up too large for one request is continued by a repeated DELETE (same answer) or
 * the scheduled sweep. Another user's id: 404, nothing deleted.
 */
export const handler = route(projects.deleteProject, async ({ user, path }) =>
  deleteUserProject(user, path.id),
);
