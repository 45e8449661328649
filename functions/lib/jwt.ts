import { createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import type * as SecretsManager from '@aws-sdk/client-secrets-manager';
import jwt from 'jsonwebtoken';
import { config } from './config';
import { UnauthorizedError } from './errors';
import { requireSdk } from './sdk';

const { GetSecretValueCommand, SecretsManagerClient } = requireSdk(
  '@aws-sdk/client-secrets-manager',
) as typeof SecretsManager;

/** The only algorithm signed or accepted: `alg: none`, HS384/512 or an RS/ES token is refused. */
const ALGORITHMS: jwt.Algorithm[] = ['HS256'];

/** RFC 7518 §3.2: an HS256 key must be at least as long as the hash (256 bits). */
export const MIN_SECRET_BYTES = 32;

/** The secret, or a clear error naming where it came from when it is too short to sign with. */
function strongEnough(secret: string, source: string): string {
  if (Buffer.byteLength(secret, 'utf8') < MIN_SECRET_BYTES) {
    throw new Error(`The JWT secret from ${source} is shorter than ${MIN_SECRET_BYTES} bytes`);
  }
  return secret;
}

// Checked as the function starts: a weak local secret fails the cold start, not the first sign-in.
const localSecret = config.jwtSecret === undefined ? undefined : strongEnough(config.jwtSecret, 'JWT_SECRET');

let secret: Promise<KeyObject> | undefined;

/**
 * The secret as a key object, made once. jsonwebtoken turns a string secret into a key on every
 * call, and tries it as a PEM public (verify) or private (sign) key first: OpenSSL's failed parse
 * and the exception cost about 0.5 ms of CPU per request, more than the rest of the edge together.
 */
const keyOf = (text: string): KeyObject => createSecretKey(Buffer.from(text, 'utf8'));

/** The signing secret: from configuration locally, from Secrets Manager (once per instance) on AWS. */
function signingSecret(): Promise<KeyObject> {
  if (!secret) {
    if (localSecret) {
      secret = Promise.resolve(keyOf(localSecret));
    } else if (config.jwtSecretArn) {
      const client = new SecretsManagerClient({ region: config.region });
      secret = client.send(new GetSecretValueCommand({ SecretId: config.jwtSecretArn })).then((out) => {
        if (!out.SecretString) throw new Error('The JWT secret is empty');
        return keyOf(strongEnough(out.SecretString, 'Secrets Manager'));
      });
      // A failed fetch must not poison the instance: the next request tries again.
      secret.catch(() => {
        secret = undefined;
      });
    } else {
      throw new Error('Set JWT_SECRET or JWT_SECRET_ARN');
    }
  }
  return secret;
}

export interface TokenClaims {
  /** The user's id. */
  sub: string;
  /** The user's token version; raising it (password reset or change, logout everywhere, deletion) revokes every older token. */
  ver: number;
}

/** A verified token: its claims plus what a logout needs to revoke just this one. */
export interface VerifiedToken extends TokenClaims {
  /** The token's own id (`jti`): a logout puts it on the deny-list. */
  jti: string;
  /** Expiry, epoch seconds: the deny-list entry is kept until then and no longer. */
  exp: number;
}

const JTI_FORMAT = /^[A-Za-z0-9_-]{16,64}$/;

/** Clock difference allowed between the instance that signed a token and the one checking it. */
const CLOCK_SKEW_SECONDS = 60;

/** Signs a session token (HS256, jsonwebtoken) for a user; every token carries an id of its own and an expiry. */
export async function signToken(claims: TokenClaims): Promise<string> {
  return jwt.sign({ ver: claims.ver }, await signingSecret(), {
    algorithm: 'HS256',
    expiresIn: config.jwtTtlSeconds,
    subject: claims.sub,
    jwtid: randomBytes(16).toString('base64url'),
  });
}

/** The claims of a token jsonwebtoken accepts as HS256 signed with `key`, if they are a session's. */
function sessionClaims(token: string, key: KeyObject): VerifiedToken | undefined {
  // jsonwebtoken checks the algorithm before the signature, then `exp` and `nbf` when present.
  const payload: unknown = jwt.verify(token, key, { algorithms: ALGORITHMS });
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;
  const { sub, ver, exp, jti } = payload as Record<string, unknown>;
  // jsonwebtoken lets a token without `exp` live for ever: a session token must have one.
  if (typeof sub !== 'string' || typeof ver !== 'number' || typeof exp !== 'number') return undefined;
  if (typeof jti !== 'string' || !JTI_FORMAT.test(jti)) return undefined;
  // No session lasts longer than the session length: a token expiring later (a 100-year `exp`,
  // signed with a leaked key or by a bug) was not signed as a session (issue 35 item 7).
  if (exp > Math.floor(Date.now() / 1000) + config.jwtTtlSeconds + CLOCK_SKEW_SECONDS) return undefined;
  return { sub, ver, jti, exp };
}

/**
 * Verifies a session token's signature, algorithm and expiry; throws 401 on any failure. A token
 * without an expiry would live for ever, one expiring after the session length was not signed as a
 * session, and one without an id could not be logged out on its own, so all are refused (first-release tokens had no id: their holders sign in once more).
 */
export async function verifyToken(token: string): Promise<VerifiedToken> {
  // Outside the try: a secret that cannot be read is the server's fault (500, retried), not a
  // refused token — a 401 would make the app forget a session that is still valid.
  const key = await signingSecret();
  let claims: VerifiedToken | undefined;
  try {
    claims = sessionClaims(token, key);
  } catch {
    // jsonwebtoken's errors (bad signature, expired, not yet valid, malformed): all a refused token.
  }
  if (!claims) throw new UnauthorizedError('INVALID_TOKEN');
  return claims;
}
