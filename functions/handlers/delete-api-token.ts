import * as apiTokens from '../../contract/endpoints/api-tokens';
import { deleteUserApiToken } from '../domain/identity/api-tokens';
import { respond, route } from '../http';

/** DELETE /api/apitokens/{id} → 204; the token is refused from the next request on. Another user's: 404. */
export const handler = route(
  apiTokens.deleteApiToken,
  async ({ user, path }) => {
    await deleteUserApiToken(user, path.id);
    return respond(204, undefined);
  },
  { security: 'api_token_delete' },
);
