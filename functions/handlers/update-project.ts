import * as z from 'zod/mini';
import { projectUpdateSchema } from '../../contract/projects';
import { updateUserProject } from '../domain/projects';
import { route } from '../lib/http';

/**
 * PUT /api/projects/{id} — edits name, description or enableEmbedding (totals are derived and
 * ignored if sent) and answers the project. Another user's id: 404.
 */
export const handler = route(
  { handler: 'update-project', path: z.object({ id: z.string() }), body: projectUpdateSchema },
  async ({ user, path, body }) => updateUserProject(user, path.id, body),
);
