import * as projects from '../../contract/endpoints/projects';
import { updateUserProject } from '../domain/tracking/projects';
import { route } from '../http';

/**
 * PUT /api/projects/{id} — edits name, description or enableEmbedding (totals are derived and
 * ignored if sent) and answers the project. Another user's id: 404.
 */
export const handler = route(projects.updateProject, async ({ user, path, body }) =>
  updateUserProject(user, path.id, body),
);
