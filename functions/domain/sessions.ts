import { getSessionState } from '../data/sessions';
import type { UserRecord } from '../data/users';
import { UnauthorizedError } from '../lib/errors';
import { verifyToken } from '../lib/jwt';

/** The signed-in caller of a request: the user, loaded fresh, and the session's token id and expiry. */
export interface SignedIn {
  user: UserRecord;
  session: { id: string; expiresAt: number };
}

/**
 * Who a session token belongs to: the signature and expiry are checked, then the user and the
 * token's deny-list entry are read in one round trip. A deleted user, a logged-out token or one
 * from before the last "log out everywhere" (an older `tokenVersion`) is a 401.
 */
export async function authenticate(token: string | undefined): Promise<SignedIn> {
  if (!token) throw new UnauthorizedError('NO_TOKEN');
  const claims = await verifyToken(token);
  const { user, revoked } = await getSessionState(claims.sub, claims.jti);
  if (!user || revoked || user.tokenVersion !== claims.ver) {
    const error = new UnauthorizedError('INVALID_TOKEN');
    // The signature held, so the account is known: the security log names it.
    error.userId = claims.sub;
    throw error;
  }
  return { user, session: { id: claims.jti, expiresAt: claims.exp } };
}
