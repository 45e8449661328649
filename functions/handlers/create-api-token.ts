import * as apiTokens from '../../contract/endpoints/api-tokens';
import { createUserApiToken } from '../domain/identity/api-token-creation';
import { respond, route } from '../http';

/** POST /api/apitokens {name, scope} → 201 with `token`, shown only here. 403 for the demo and past the limit. */
export const handler = route(
  apiTokens.createApiToken,
  async ({ user, body }) => respond(201, await createUserApiToken(user, body)),
  { security: 'api_token_create' },
);
