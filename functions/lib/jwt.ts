import { randomBytes } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import jwt from 'jsonwebtoken';
import { config } from './config';
import { UnauthorizedError } from './errors';

/** The only algorithm accepted; `alg: none` or an RS/ES token is refused before its signature is read. */
const ALGORITHM = 'HS256' as const;

let secret: Promise<string> | undefined;

/** The signing secret: from configuration locally, from Secrets Manager (once per instance) on AWS. */
function signingSecret(): Promise<string> {
  if (!secret) {
    if (config.jwtSecret) {
      secret = Promise.resolve(config.jwtSecret);
    } else if (config.jwtSecretArn) {
      const client = new SecretsManagerClient({ region: config.region });
      secret = client.send(new GetSecretValueCommand({ SecretId: config.jwtSecretArn })).then((out) => {
        if (!out.SecretString) throw new Error('The JWT secret is empty');
        return out.SecretString;
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

/** Signs a session token for a user; every token carries an id of its own and an expiry. */
export async function signToken(claims: TokenClaims): Promise<string> {
  return jwt.sign({ ver: claims.ver }, await signingSecret(), {
    algorithm: ALGORITHM,
    subject: claims.sub,
    expiresIn: config.jwtTtlSeconds,
    jwtid: randomBytes(16).toString('base64url'),
  });
}

/**
 * Verifies a session token's signature, algorithm and expiry; throws 401 on any failure. A token
 * without an expiry would live for ever and one without an id could not be logged out on its own,
 * so both are refused (first-release tokens had no id: their holders sign in once more).
 */
export async function verifyToken(token: string): Promise<VerifiedToken> {
  try {
    const payload = jwt.verify(token, await signingSecret(), { algorithms: [ALGORITHM] });
    if (
      typeof payload === 'string' ||
      typeof payload.sub !== 'string' ||
      typeof payload.ver !== 'number' ||
      typeof payload.exp !== 'number' ||
      typeof payload.jti !== 'string' ||
      !JTI_FORMAT.test(payload.jti)
    ) {
      throw new UnauthorizedError('INVALID_TOKEN');
    }
    return { sub: payload.sub, ver: payload.ver, jti: payload.jti, exp: payload.exp };
  } catch (error) {
    if (error instanceof UnauthorizedError) throw error;
    throw new UnauthorizedError('INVALID_TOKEN');
  }
}
