import { AppError } from '../lib/errors';
import { route } from '../lib/http';

/** POST /api/forgotpassword — NOT IMPLEMENTED YET (placeholder from the skeleton; replace). */
export const handler = route({ auth: false }, async () => {
  throw new AppError(501, 'NOT_IMPLEMENTED', 'Not implemented yet');
});
