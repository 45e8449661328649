import { createUserProject, projectCreateSchema } from '../domain/projects';
import { respond, route } from '../lib/http';

/**
 * POST /api/projects `{name, description?, enableEmbedding?}` — 201 with the project (totals 0).
 * A free user's 4th project (see `config.freeProjectLimit`): 403 `FREE_PROJECT_LIMIT`.
 */
export const handler = route({ auth: true, body: projectCreateSchema }, async ({ user, body }) =>
  respond(201, await createUserProject(user, body)),
);
