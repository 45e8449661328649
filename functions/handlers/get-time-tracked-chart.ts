import { AppError } from '../lib/errors';
import { route } from '../lib/http';

/** GET /api/projecttimetrackedchart — NOT IMPLEMENTED YET (placeholder from the skeleton; replace). */
export const handler = route({ auth: true }, async () => {
  throw new AppError(501, 'NOT_IMPLEMENTED', 'Not implemented yet');
});
