import { type ApiToken, MAX_API_TOKENS } from '../../../contract/security';
import {
  type ApiTokenRecord,
  dropRevokedApiTokens,
  listApiTokens,
  removeApiToken,
} from '../../data/identity/api-tokens';
import { getUserById, type UserRecord } from '../../data/identity/users';
import { NotFoundError } from '../../lib/errors';
import { logger } from '../../lib/logger';

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

/** The user's tokens, oldest first, without the tokens themselves; revoked ones are not listed. */
export async function listUserApiTokens(user: UserRecord): Promise<ApiToken[]> {
  const current = user.apiTokenVersion ?? 0;
  return (await listApiTokens(user._id, MAX_API_TOKENS))
    .filter((token) => token.version === current)
    .map(view);
}

/**
 * After every API token of the account was revoked (they are refused from that moment): deletes
 * their items, so the list and the count of 20 are right. Never fails the change that revoked them.
 */
export async function tidyRevokedApiTokens(userId: string): Promise<void> {
  try {
    const user = await getUserById(userId);
    if (user) await dropRevokedApiTokens(userId, user.apiTokenVersion ?? 0);
  } catch (error) {
    logger.warn('revoked API tokens not tidied', {
      error: error instanceof Error ? error.name : String(error),
    });
  }
}

/** Deletes a token: it is refused from the next request on. Another user's id: 404. */
export async function deleteUserApiToken(user: UserRecord, tokenId: string): Promise<void> {
  if (!(await removeApiToken(user._id, tokenId))) throw new NotFoundError('API_TOKEN_NOT_FOUND');
}
