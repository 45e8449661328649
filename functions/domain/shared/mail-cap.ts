import { WriteConflictError } from '../../data/core/errors';
import { takeSlotsTogether } from '../../data/identity/rate-limits';
import { noteMailHeld } from '../../data/identity/user-writes';
import { config } from '../../lib/config';
import { logger } from '../../lib/logger';
import { type EmailMessage, sendEmail } from './email';
import { mailWindows } from './mail-windows';

/**
 * The cap on all mail (issue 35, item 1): every email the product sends for an account — alerts,
 * confirmation links, reset links, security emails — takes one slot in two hourly windows, one
 * per account (`config.limits.mailsPerAccount`, 10) and one per recipient address, whichever
 * account it is for (`mailsPerRecipient`, 5). The windows are conditional counters in the table
 * (`RATE#mail-account#…`, `RATE#mail-to#…`, removed by TTL), so parallel senders cannot pass them.
 * A mail past either is held back, not queued: it is not sent, and the profile notes until when
 * (`mailHeldUntil`), which every account answer shows and the app turns into a notice.
 */

/** What became of one email: sent, failed at SES (logged), or held back by the cap until `heldUntil`. */
export interface MailOutcome {
  sent: boolean;
  heldUntil?: string;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Takes a slot in both windows at once (one transaction); the end of the current window (ISO) when
 * either is full. A mail whose slots stayed contested through every retry is held back too: the
 * cap errs on the side of the recipients.
 */
async function heldUntil(userId: string, to: string): Promise<string | undefined> {
  const now = nowSeconds();
  let taken: boolean;
  try {
    taken = await takeSlotsTogether(mailWindows(userId, to), now);
  } catch (error) {
    if (!(error instanceof WriteConflictError)) throw error;
    taken = false;
  }
  if (taken) return undefined;
  const seconds = config.limits.mailWindowSeconds;
  return new Date((Math.floor(now / seconds) + 1) * seconds * 1000).toISOString();
}

/**
 * Sends an email for the account `userId` unless the hourly cap holds it back. Never throws for a
 * held or failed mail: the change that caused it has already been made and stands.
 */
export async function sendAccountEmail(userId: string, message: EmailMessage): Promise<MailOutcome> {
  return sendCappedEmail(userId, message.to, message.subject, () => sendEmail(message));
}

/**
 * The cap around any way of sending (`deliver`, e.g. a raw message with attachments): `deliver`
 * runs only when both windows have a slot for `to`; else nothing is sent and the hold is noted.
 * `subject` is what the log names the mail by (no personal data).
 */
export async function sendCappedEmail(
  userId: string,
  to: string,
  subject: string,
  deliver: () => Promise<boolean>,
): Promise<MailOutcome> {
  const until = await heldUntil(userId, to);
  if (until) {
    logger.warn('email held back by the hourly cap', { subject, until });
    await noteMailHeld(userId, until);
    return { sent: false, heldUntil: until };
  }
  return { sent: await deliver() };
}
