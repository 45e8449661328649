import { ulid } from 'ulid';
import { type ApiTokenScope, type CreatedApiToken, MAX_API_TOKENS } from '../../../contract/security';
import { type ApiTokenRecord, addApiToken, dropRevokedApiTokens } from '../../data/identity/api-tokens';
import type { UserRecord } from '../../data/identity/users';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors';
import { assertNotDemo, assertPassword } from './accounts';
import { newApiTokenSecret } from './api-token-secret';
import { view } from './api-tokens';
import { assertSecondFactor } from './code-guard';
import { sendSecurityEmail } from './security-emails';

/**
 * A new API token (CONTRACT §8), shown only in this answer. It is told to the account's address
 * (a security email), so a token made with a stolen session does not go unseen. Apart from
 * `api-tokens.ts` so that listing and deleting do not load the mail client.
 */

/**
 * Creates a token after the password (and, with 2FA on, a code: issue 35, item 4), so a stolen
 * session alone cannot make a way in that outlives it; 403 for the demo account and past
 * `MAX_API_TOKENS` (revoked tokens not yet tidied away do not count).
 */
export async function createUserApiToken(
  user: UserRecord,
  input: { name: string; scope: ApiTokenScope; password: string; code?: string | undefined },
  sourceIp: string,
): Promise<CreatedApiToken> {
  assertNotDemo(user);
  await assertPassword(user, input.password, sourceIp, 'password');
  if (user.twoFactor) await assertSecondFactor(user, input.code, sourceIp);
  const tokenId = ulid();
  const { token, secretHash } = newApiTokenSecret(user._id, tokenId);
  const record: ApiTokenRecord = {
    tokenId,
    name: input.name,
    scope: input.scope,
    createdAt: new Date().toISOString(),
    lastUsedAt: null,
    secretHash,
    version: user.apiTokenVersion ?? 0,
  };
  let outcome = await addApiToken(user._id, record, MAX_API_TOKENS);
  if (outcome === 'limit' && (await dropRevokedApiTokens(user._id, record.version)) > 0) {
    outcome = await addApiToken(user._id, record, MAX_API_TOKENS);
  }
  if (outcome === 'limit') throw new ForbiddenError('API_TOKEN_LIMIT', { values: { max: MAX_API_TOKENS } });
  // The account was deleted while the request ran: its session is over.
  if (outcome === 'gone') throw new UnauthorizedError('INVALID_TOKEN');
  await sendSecurityEmail(user, 'apiTokenCreated', { tokenName: record.name, scope: record.scope });
  return { ...view(record), token };
}
