import { WriteConflictError } from '../core/errors';
import { invoiceLeaseKey } from '../core/keys';
import { acquireLease, releaseLease } from '../core/leases';
import { AGAIN, type RetryPolicy, retrying } from '../core/retry';

/**
 * The lease under which a user's drafts are made (`USER#<id>` / `INVOICELEASE`): one draft at a
 * time per user, so two drafts made at once never read the same free entries. It expires on its
 * own (`until`) if its holder dies; the claims' version conditions stay the final guard.
 */

const LEASE_MS = 20_000;

/** Waiting for another holder's draft: up to ~5 s (a draft of thousands of entries takes a few). */
const LEASE_RETRY: RetryPolicy = { attempts: 50, baseMs: 25, capMs: 200 };

/** Takes the user's draft lease, waiting up to ~5 s for another holder; `WriteConflictError` if it stays taken. */
export async function acquireInvoiceLease(userId: string, holder: string): Promise<void> {
  await retrying(
    LEASE_RETRY,
    async () => ((await acquireLease(invoiceLeaseKey(userId), holder, LEASE_MS)) ? true : AGAIN),
    () => new WriteConflictError(),
  );
}

/** Gives the draft lease back (only if this holder still has it). */
export async function releaseInvoiceLease(userId: string, holder: string): Promise<void> {
  await releaseLease(invoiceLeaseKey(userId), holder);
}
