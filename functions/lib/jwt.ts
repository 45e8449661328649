import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type * as SecretsManager from '@aws-sdk/client-secrets-manager';
import { config } from './config';
import { UnauthorizedError } from './errors';
import { requireSdk } from './sdk';

const { GetSecretValueCommand, SecretsManagerClient } = requireSdk(
  '@aws-sdk/client-secrets-manager',
) as typeof SecretsManager;

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

/*
 * HS256 JSON Web Tokens (RFC 7519) with node:crypto: one algorithm is all Timeledger signs or
 * accepts, and a JWT library (with the key-type checks and version tests HS256 never needs) was a
 * third of every function's bundle.
 */
const HEADER = Buffer.from(JSON.stringify({ alg: ALGORITHM, typ: 'JWT' })).toString('base64url');
const BASE64URL = /^[A-Za-z0-9_-]+$/;

const signature = (input: string, key: string) => createHmac('sha256', key).update(input).digest();

/** Signs a session token for a user; every token carries an id of its own and an expiry. */
export async function signToken(claims: TokenClaims): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  const payload = {
    ver: claims.ver,
    iat,
    exp: iat + config.jwtTtlSeconds,
    sub: claims.sub,
    jti: randomBytes(16).toString('base64url'),
  };
  const input = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${input}.${signature(input, await signingSecret()).toString('base64url')}`;
}

/** The payload of a token signed with `key` by HS256, or `undefined` for anything else. */
function verifiedPayload(token: string, key: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => BASE64URL.test(p))) return undefined;
  const [header, payload, sig] = parts as [string, string, string];
  const head: unknown = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
  // The algorithm is checked before the signature is read: `alg: none` or RS/ES never get further.
  if (typeof head !== 'object' || head === null || (head as { alg?: unknown }).alg !== ALGORITHM)
    return undefined;
  const expected = signature(`${header}.${payload}`, key);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) return undefined;
  const now = Date.now() / 1000;
  const { exp, nbf } = claims as { exp?: unknown; nbf?: unknown };
  if (typeof exp !== 'number' || now >= exp) return undefined;
  if (nbf !== undefined && (typeof nbf !== 'number' || now < nbf)) return undefined;
  return claims as Record<string, unknown>;
}

/**
 * Verifies a session token's signature, algorithm and expiry; throws 401 on any failure. A token
 * without an expiry would live for ever and one without an id could not be logged out on its own,
 * so both are refused (first-release tokens had no id: their holders sign in once more).
 */
export async function verifyToken(token: string): Promise<VerifiedToken> {
  // Outside the try: a secret that cannot be read is the server's fault (500, retried), not a
  // refused token — a 401 would make the app forget a session that is still valid.
  const key = await signingSecret();
  try {
    const payload = verifiedPayload(token, key);
    if (
      !payload ||
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
