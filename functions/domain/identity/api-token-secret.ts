import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isEntityId } from '../../../contract/fields';

/**
 * The form of an API token: `tl_<userId>_<tokenId>_<secret>`, the secret 32 random bytes in
 * base64url (256 bits). The ids let one strongly consistent read find the user and the token
 * (no index of hashes to keep); only the SHA-256 of the secret is stored — a fast hash is enough
 * for a secret of this entropy, which no dictionary holds.
 */
const TOKEN_PATTERN = /^tl_([0-9A-Za-z]{26})_([0-9A-Za-z]{26})_([A-Za-z0-9_-]{43})$/;

export interface ParsedApiToken {
  userId: string;
  tokenId: string;
  secret: string;
}

export const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** A new token for the user and token id, and the hash to store. */
export function newApiTokenSecret(userId: string, tokenId: string): { token: string; secretHash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { token: `tl_${userId}_${tokenId}_${secret}`, secretHash: hashSecret(secret) };
}

/** The parts of a token as sent, or `undefined` when it cannot be one. */
export function parseApiToken(token: string): ParsedApiToken | undefined {
  const match = TOKEN_PATTERN.exec(token);
  if (!match?.[1] || !match[2] || !match[3]) return undefined;
  if (!isEntityId(match[1]) || !isEntityId(match[2])) return undefined;
  return { userId: match[1], tokenId: match[2], secret: match[3] };
}

/** Whether `secret` is the one whose hash was stored, in time independent of where they differ. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
