import { getToken, type TokenKind } from '../../data/identity/tokens';
import { type ApiErrorCode, ValidationError } from '../../lib/errors';

/** The emailed one-time links (confirm, reset, undo an email change): why one cannot be used. */

export const nowSeconds = () => Math.floor(Date.now() / 1000);

type LinkError = { invalid: ApiErrorCode; used: ApiErrorCode; expired: ApiErrorCode };
export const LINK_ERRORS: Record<TokenKind, LinkError> = {
  confirm: { invalid: 'CONFIRM_LINK_INVALID', used: 'CONFIRM_LINK_USED', expired: 'CONFIRM_LINK_EXPIRED' },
  reset: { invalid: 'RESET_LINK_INVALID', used: 'RESET_LINK_USED', expired: 'RESET_LINK_EXPIRED' },
  'undo-email': { invalid: 'UNDO_LINK_INVALID', used: 'UNDO_LINK_USED', expired: 'UNDO_LINK_EXPIRED' },
  unsubscribe: {
    invalid: 'UNSUBSCRIBE_LINK_INVALID',
    used: 'UNSUBSCRIBE_LINK_INVALID',
    expired: 'UNSUBSCRIBE_LINK_EXPIRED',
  },
};

/** Explains why a link cannot be used (after the spending transaction refused it). */
export async function linkError(token: string, kind: TokenKind, email?: string): Promise<ValidationError> {
  const record = await getToken(token);
  const messages = LINK_ERRORS[kind];
  const param = kind === 'reset' ? 'resetToken' : 'token';
  if (
    !record ||
    record.kind !== kind ||
    (email !== undefined && record.email !== email.trim().toLowerCase())
  ) {
    return new ValidationError(messages.invalid, { param });
  }
  if (record.usedAt) return new ValidationError(messages.used, { param });
  if (record.expiresAt <= nowSeconds()) return new ValidationError(messages.expired, { param });
  return new ValidationError(messages.invalid, { param });
}
