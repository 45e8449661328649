import * as projects from '../../contract/endpoints/projects';
import { createUserProject } from '../domain/tracking/projects';
import { respond, route } from '../http';

/**
 * POST /api/projects `{_id?, name, description?, enableEmbedding?}` — 201 with the project (totals
 * 0). Sending the same client `_id` (a ULID) again answers 200 with the stored project. A free
 * user's 4th project (see `config.freeProjectLimit`): 403 `FREE_PROJECT_LIMIT`. The `_id` of a
 * deleted project whose clean-up is still pending: the clean-up is finished first and a new, empty
 * project is created; 409 `PROJECT_BEING_DELETED` if that does not fit in the request.
 */
export const handler = route(projects.createProject, async ({ user, body }) => {
  const { created, project } = await createUserProject(user, body);
  return respond(created ? 201 : 200, project);
});
