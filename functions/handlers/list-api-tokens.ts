import * as apiTokens from '../../contract/endpoints/api-tokens';
import { listUserApiTokens } from '../domain/identity/api-tokens';
import { route } from '../http';

/** GET /api/apitokens → [{_id, name, scope, createdAt, lastUsedAt}], oldest first; never the tokens. */
export const handler = route(apiTokens.listApiTokens, async ({ user }) => listUserApiTokens(user));
