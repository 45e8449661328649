import * as apiTokens from '../../contract/endpoints/api-tokens';
import { createUserApiToken } from '../domain/identity/api-token-creation';
import { clientAddress } from '../domain/identity/rate-limit';
import { respond, route } from '../http';

/** POST /api/apitokens {name, scope, password, code?} → 201 with `token`, shown only here. 403 for the demo and past the limit. */
export const handler = route(
  apiTokens.createApiToken,
  async ({ user, body, headers, sourceIp }) =>
    respond(201, await createUserApiToken(user, body, clientAddress(headers, sourceIp))),
  { security: 'api_token_create' },
);
