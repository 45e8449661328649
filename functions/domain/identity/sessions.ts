import type { TokenScope } from '../../../contract/endpoint';
import type { ApiTokenScope } from '../../../contract/security';
import { getApiTokenState, recordApiTokenUse } from '../../data/identity/api-tokens';
import { getSessionState } from '../../data/identity/sessions';
import type { UserRecord } from '../../data/identity/users';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors';
import { verifyToken } from '../../lib/jwt';
import { parseApiToken, secretMatches } from './api-token-secret';

/** The signed-in caller of a request: the user, loaded fresh, and the session's token id and expiry. */
export interface SignedIn {
  user: UserRecord;
  /**
   * The session token's id and expiry. A request signed in by an API token has none of its own:
   * `id` is the API token's and `expiresAt` 0 — no route open to API tokens reads it (logout is closed).
   */
  session: { id: string; expiresAt: number };
  /** Set when the caller signed in with an API token (`Authorization: Bearer`). */
  apiToken?: { id: string; scope: ApiTokenScope };
}

/** What a request carries to sign in with: a session token (`x-auth-token`) or an API token (Bearer). */
export interface Credentials {
  sessionToken?: string | undefined;
  apiToken?: string | undefined;
}

/**
 * Called with the user a token names once its form (and a session token's signature) holds, before
 * the stored state is read: a read-only route starts its own read then, beside the session's
 * (`routeReadingEarly` in `functions/http`). The credentials may still be refused after it.
 */
export type OnSigned = (userId: string) => void;

/** A use of an API token is written down at most this often (a burst costs one write). */
export const API_TOKEN_USE_RESOLUTION_MS = 60_000;

/**
 * Who a request belongs to. A session token wins when both are sent; an API token is refused
 * (403) on the routes closed to tokens (`tokenScope` `none`) and, when it may only read, on
 * routes that write. Anything else missing or invalid: 401.
 */
export async function authenticate(
  credentials: Credentials,
  scope: TokenScope,
  onSigned?: OnSigned,
): Promise<SignedIn> {
  if (credentials.sessionToken || credentials.apiToken === undefined) {
    return authenticateSession(credentials.sessionToken, onSigned);
  }
  const signedIn = await authenticateApiToken(credentials.apiToken, onSigned);
  if (scope === 'none') throw refusal('API_TOKEN_NOT_ALLOWED', signedIn.user._id);
  if (scope === 'write' && signedIn.apiToken?.scope !== 'write') {
    throw refusal('API_TOKEN_READ_ONLY', signedIn.user._id);
  }
  return signedIn;
}

function refusal(code: 'API_TOKEN_NOT_ALLOWED' | 'API_TOKEN_READ_ONLY', userId: string) {
  const error = new ForbiddenError(code);
  error.userId = userId;
  return error;
}

/**
 * Who a session token belongs to: the signature and expiry are checked, then the user and the
 * token's deny-list entry are read in one round trip. A deleted user, a logged-out token or one
 * from before the last "log out everywhere" (an older `tokenVersion`) is a 401.
 */
async function authenticateSession(token: string | undefined, onSigned?: OnSigned): Promise<SignedIn> {
  if (!token) throw new UnauthorizedError('NO_TOKEN');
  const claims = await verifyToken(token);
  onSigned?.(claims.sub);
  const { user, revoked } = await getSessionState(claims.sub, claims.jti);
  if (!user || revoked || user.tokenVersion !== claims.ver) {
    const error = new UnauthorizedError('INVALID_TOKEN');
    // The signature held, so the account is known: the security log names it.
    error.userId = claims.sub;
    throw error;
  }
  return { user, session: { id: claims.jti, expiresAt: claims.exp } };
}

/**
 * Who an API token belongs to: its user and its stored hash are read in one strongly consistent
 * round trip (a deleted token is refused at once), and its use is recorded at most once a minute.
 */
async function authenticateApiToken(token: string, onSigned?: OnSigned): Promise<SignedIn> {
  const parsed = parseApiToken(token);
  if (!parsed) throw new UnauthorizedError('INVALID_TOKEN');
  onSigned?.(parsed.userId);
  const { user, token: stored } = await getApiTokenState(parsed.userId, parsed.tokenId);
  if (
    !user ||
    !stored ||
    user.isDemo ||
    // Revoked with every other token by a reset, a logout everywhere or a password change.
    stored.version !== (user.apiTokenVersion ?? 0) ||
    !secretMatches(parsed.secret, stored.secretHash)
  ) {
    throw new UnauthorizedError('INVALID_TOKEN');
  }
  const now = Date.now();
  if (stored.lastUsedAt === null || Date.parse(stored.lastUsedAt) <= now - API_TOKEN_USE_RESOLUTION_MS) {
    await recordApiTokenUse(
      user._id,
      stored.tokenId,
      new Date(now).toISOString(),
      new Date(now - API_TOKEN_USE_RESOLUTION_MS).toISOString(),
    );
  }
  return {
    user,
    session: { id: stored.tokenId, expiresAt: 0 },
    apiToken: { id: stored.tokenId, scope: stored.scope },
  };
}
