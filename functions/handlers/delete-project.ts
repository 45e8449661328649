import { AppError } from '../lib/errors';
import { route } from '../lib/http';

/** DELETE /api/projects/{id} — NOT IMPLEMENTED YET (placeholder from the skeleton; replace). */
export const handler = route({ auth: true }, async () => {
  throw new AppError(501, 'NOT_IMPLEMENTED', 'Not implemented yet');
});
