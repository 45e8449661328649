import { AppError } from '../lib/errors';
import { route } from '../lib/http';

/** GET /api/timeactivities/{projectId} — NOT IMPLEMENTED YET (placeholder from the skeleton; replace). */
export const handler = route({ auth: true }, async () => {
  throw new AppError(501, 'NOT_IMPLEMENTED', 'Not implemented yet');
});
