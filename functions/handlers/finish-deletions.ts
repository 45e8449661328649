import { type SweepReport, sweepDeletions } from '../domain/account/deletions';
import { logged } from '../lib/logger';

/**
 * Scheduled job (EventBridge every 5 minutes on AWS; a timer locally): completes the project and
 * account deletions that their requests left pending.
 */
async function apply(): Promise<SweepReport> {
  return sweepDeletions();
}

export const handler = logged(apply);
