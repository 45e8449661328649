import { AppError } from '../lib/errors';
import { route } from '../lib/http';

/** GET /api/embed/{userId}/{projectId}/{chartType}/{chartKind} — NOT IMPLEMENTED YET (placeholder from the skeleton; replace). */
export const handler = route({ auth: false }, async () => {
  throw new AppError(501, 'NOT_IMPLEMENTED', 'Not implemented yet');
});
