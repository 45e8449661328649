import { ulid } from 'ulid';
import { type ApiTokenScope, type CreatedApiToken, MAX_API_TOKENS } from '../../../contract/security';
import { type ApiTokenRecord, addApiToken } from '../../data/identity/api-tokens';
import type { UserRecord } from '../../data/identity/users';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors';
import { assertNotDemo } from './accounts';
import { newApiTokenSecret } from './api-token-secret';
import { view } from './api-tokens';
import { sendSecurityEmail } from './security-emails';

/**
 * A new API token (CONTRACT §8), shown only in this answer. It is told to the account's address
 * (a security email), so a token made with a stolen session does not go unseen. Apart from
 * `api-tokens.ts` so that listing and deleting do not load the mail client.
 */

/** Creates a token; 403 for the demo account and past `MAX_API_TOKENS`. */
export async function createUserApiToken(
  user: UserRecord,
  input: { name: string; scope: ApiTokenScope },
): Promise<CreatedApiToken> {
  assertNotDemo(user);
  const tokenId = ulid();
  const { token, secretHash } = newApiTokenSecret(user._id, tokenId);
  const record: ApiTokenRecord = {
    tokenId,
    name: input.name,
    scope: input.scope,
    createdAt: new Date().toISOString(),
    lastUsedAt: null,
    secretHash,
  };
  const outcome = await addApiToken(user._id, record, MAX_API_TOKENS);
  if (outcome === 'limit') throw new ForbiddenError('API_TOKEN_LIMIT', { values: { max: MAX_API_TOKENS } });
  // The account was deleted while the request ran: its session is over.
  if (outcome === 'gone') throw new UnauthorizedError('INVALID_TOKEN');
  await sendSecurityEmail(user, 'apiTokenCreated', { tokenName: record.name, scope: record.scope });
  return { ...view(record), token };
}
