import { type SweepReport, sweepDeletions } from '../domain/account/deletions';

/**
 * Scheduled job (EventBridge every 5 minutes on AWS; a timer locally): completes the project and
 * account deletions that their requests left pending.
 */
export async function handler(): Promise<SweepReport> {
  return sweepDeletions();
}
