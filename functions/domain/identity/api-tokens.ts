import { type ApiToken, MAX_API_TOKENS } from '../../../contract/security';
import { type ApiTokenRecord, listApiTokens, removeApiToken } from '../../data/identity/api-tokens';
import type { UserRecord } from '../../data/identity/users';
import { NotFoundError } from '../../lib/errors';

/**
 * API tokens for scripts and integrations (CONTRACT §8): created, listed and deleted by the
 * signed-in user in the app (never with a token: their routes are closed to tokens). The token
 * is shown once, in the answer of its creation (`api-token-creation.ts`); only its hash is kept.
 */

export const view = (record: ApiTokenRecord): ApiToken => ({
  _id: record.tokenId,
  name: record.name,
  scope: record.scope,
  createdAt: record.createdAt,
  lastUsedAt: record.lastUsedAt,
});

/** The user's tokens, oldest first, without the tokens themselves. */
export async function listUserApiTokens(user: UserRecord): Promise<ApiToken[]> {
  return (await listApiTokens(user._id, MAX_API_TOKENS)).map(view);
}

/** Deletes a token: it is refused from the next request on. Another user's id: 404. */
export async function deleteUserApiToken(user: UserRecord, tokenId: string): Promise<void> {
  if (!(await removeApiToken(user._id, tokenId))) throw new NotFoundError('API_TOKEN_NOT_FOUND');
}
