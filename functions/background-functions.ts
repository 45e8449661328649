import { ALERT_STREAM_FILTERS } from './data/tracking/project-budget';
import { TAG_ROLLUP_STREAM_FILTERS } from './data/tracking/tag-rollup-filters';
import type { FunctionDefinition } from './function-needs';
import type { SettingName } from './lib/settings';

/**
 * The functions no HTTP route calls: the scheduled jobs and the table stream's consumers. The
 * route table (`./routes.ts`) re-exports them and lists them among every function.
 */

export interface JobDefinition extends FunctionDefinition {
  /** The setting (`lib/settings.ts`) that holds how many minutes apart the job runs; its default is the job's schedule. */
  everyMinutesSetting: SettingName & `${string}Minutes`;
}

/**
 * Functions that no HTTP route calls, each run on a schedule (EventBridge on AWS, a timer locally):
 * the demo reset, the sweep that completes pending project and account deletions, and the booking
 * of recurring expenses.
 */
export const JOBS: readonly JobDefinition[] = [
  // Wipes and bulk-seeds a year of demo data.
  {
    handler: 'reset-demo',
    access: 'readwrite',
    everyMinutesSetting: 'demoScheduleMinutes',
    needs: { memoryMb: 1024, timeoutSeconds: 300, files: ['receipts:delete'] },
  },
  // Completes pending deletions within a 4-minute budget (`SWEEP_BUDGET_MS`), resumable next run.
  {
    handler: 'finish-deletions',
    access: 'readwrite',
    everyMinutesSetting: 'deletionSweepMinutes',
    needs: { timeoutSeconds: 300, files: ['receipts:delete'] },
  },
  // Books the recurring expenses due through today (each due date once), within a 4-minute budget.
  {
    handler: 'book-recurring-expenses',
    access: 'readwrite',
    everyMinutesSetting: 'recurringExpensesMinutes',
    needs: { timeoutSeconds: 300 },
  },
];

export interface StreamConsumerDefinition extends FunctionDefinition {
  /**
   * Lambda event filter patterns for the table's stream records (any one matching lets a record
   * through); `infra/local/stream-feed.ts` applies the same patterns to DynamoDB Local's stream.
   */
  filters: readonly Record<string, unknown>[];
  /** Records per invocation at most, and how long Lambda may wait to fill a batch. */
  batchSize: number;
  maxBatchingWindowSeconds: number;
  /**
   * How often a failed batch is retried before its records are given up; absent: until they
   * expire from the stream (24 hours), for a consumer whose skipped record would stay wrong.
   */
  retryAttempts?: number;
}

/**
 * Functions that the table's stream invokes: the budget alerts, for projects with a budget or a
 * target rate (their totals change with every entry written into them). Alerts go out within the
 * batching window plus the function's run: well inside the contract's 30 seconds.
 */
export const STREAM_CONSUMERS: readonly StreamConsumerDefinition[] = [
  {
    handler: 'budget-alerts',
    access: 'readwrite',
    needs: { sendsEmail: true, timeoutSeconds: 60 },
    filters: ALERT_STREAM_FILTERS,
    batchSize: 100,
    maxBatchingWindowSeconds: 5,
    retryAttempts: 3,
  },
  // The per-tag day rollups of reports by day, week or month with a tag filter: every time entry
  // change, within a second (no batching wait). A record is tried 20 times (applying twice is
  // harmless); one that still fails goes to the failure queue, and `npm run backfill:reports`
  // counts its entry again (docs/deployment.md).
  {
    handler: 'report-tag-rollups',
    access: 'readwrite',
    needs: { timeoutSeconds: 60 },
    filters: TAG_ROLLUP_STREAM_FILTERS,
    batchSize: 100,
    maxBatchingWindowSeconds: 0,
    retryAttempts: 20,
  },
];
