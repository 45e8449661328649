import { pendingDeletions } from '../../data/core/deletions';
import { type Budget, budgetOf, SWEEP_BUDGET_MS } from '../../lib/budget';
import { logger } from '../../lib/logger';
import { finishAccountDeletion } from '../identity/accounts';
import { finishProjectDeletion } from '../tracking/projects';

export interface SweepReport {
  /** Deletions completed by this run. */
  finished: number;
  /** Deletions this run worked on or reached but left pending (budget spent, grace not over, error). */
  pending: number;
}

/**
 * The scheduled sweep: completes pending project and account deletions, oldest first, read from
 * the pending-deletions index (never a table scan), within `budget`. Every step is resumable, so a
 * deletion larger than one run (a project with 100,000 entries) is simply continued by the next
 * one; a failure on one deletion is logged and the sweep goes on with the others.
 */
export async function sweepDeletions(
  budget: Budget = budgetOf(SWEEP_BUDGET_MS),
  now = Date.now(),
): Promise<SweepReport> {
  const report: SweepReport = { finished: 0, pending: 0 };
  for await (const page of pendingDeletions()) {
    for (const deletion of page) {
      if (budget.expired()) {
        report.pending++;
        continue;
      }
      try {
        const done =
          deletion.kind === 'project'
            ? (await finishProjectDeletion(deletion.userId, deletion.projectId, deletion.deletedAt, budget))
                .done
            : await finishAccountDeletion(deletion.userId, deletion.deletedAt, budget, now);
        if (done) report.finished++;
        else report.pending++;
      } catch (error) {
        report.pending++;
        logger.error('deletion sweep step failed', {
          kind: deletion.kind,
          userId: deletion.userId,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    if (budget.expired()) break;
  }
  logger.info('deletion sweep', { ...report });
  return report;
}
