import { dropWindows, type Window } from '../../data/identity/rate-limits';
import { config } from '../../lib/config';

/**
 * The two hourly windows every email takes a slot in (see `mail-cap.ts`). Kept apart from the
 * sender so that account deletion can drop the counter without bundling the SES client.
 */
export function mailWindows(userId: string, to: string): Window[] {
  const { mailsPerAccount, mailsPerRecipient, mailWindowSeconds } = config.limits;
  return [
    { kind: 'mail-account', subject: userId, limit: mailsPerAccount, windowSeconds: mailWindowSeconds },
    {
      kind: 'mail-to',
      subject: to.trim().toLowerCase(),
      limit: mailsPerRecipient,
      windowSeconds: mailWindowSeconds,
    },
  ];
}

/** Removes the account's own mail counter (a deleted account leaves no item of its id behind). */
export async function dropAccountMailCounter(userId: string, now = Date.now()): Promise<void> {
  const [account] = mailWindows(userId, '');
  if (account) await dropWindows(account, Math.floor(now / 1000));
}
