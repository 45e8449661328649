import { createUserProject, projectCreateSchema } from '../domain/projects';
import { respond, route } from '../lib/http';

/**
 * POST /api/projects `{_id?, name, description?, enableEmbedding?}` — 201 with the project (totals
 * 0). Sending the same client `_id` (a ULID) again answers 200 with the stored project. A free
 * user's 4th project (see `config.freeProjectLimit`): 403 `FREE_PROJECT_LIMIT`.
 */
export const handler = route({ auth: true, body: projectCreateSchema }, async ({ user, body }) => {
  const { created, project } = await createUserProject(user, body);
  return respond(created ? 201 : 200, project);
});
