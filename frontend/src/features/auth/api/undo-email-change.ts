import type { UndoEmailChangeBody } from '@contract/accounts';
import { client } from '@/lib/api-client';

/**
 * POST /api/undoemailchange {token}: the account keeps (or gets back) the address the link was
 * mailed to, and every session ends. Sent by a button, never on page load, so a mail scanner that
 * opens the link undoes nothing.
 */
export function undoEmailChange(body: UndoEmailChangeBody): Promise<{ msg: string }> {
  return client.call('undoEmailChange', { body });
}
