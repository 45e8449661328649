import type { DynamoDBStreamEvent } from 'aws-lambda';
import { checkProjectAlerts } from '../domain/billing/budget-alerts';
import { logged, logger } from '../lib/logger';

/**
 * The table's stream → budget alerts. On AWS an event source mapping invokes it with batches of
 * changed items, filtered to projects that have a budget or a target (`ALERT_STREAM_FILTERS` in
 * `routes.ts`); locally `infra/local/stream-feed.ts` polls DynamoDB Local's stream and applies the
 * same filters. Each project changed in the batch is checked once, against its stored state. A
 * project whose check fails is answered in `batchItemFailures` (its first record): Lambda delivers
 * it again, and the alert records keep what was sent from going twice.
 */
async function apply(
  event: DynamoDBStreamEvent,
): Promise<{ alertsSent: number; batchItemFailures: { itemIdentifier: string }[] }> {
  // Each project once, with the first of its records: what a retry must start from if it fails.
  const projects = new Map<string, { userId: string; projectId: string; sequenceNumber: string }>();
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage;
    const userId = image?.userId?.S;
    const projectId = image?.projectId?.S;
    if (image?.type?.S !== 'PROJECT' || image.deletedAt || !userId || !projectId) continue;
    const key = `${userId}#${projectId}`;
    if (!projects.has(key))
      projects.set(key, { userId, projectId, sequenceNumber: record.dynamodb?.SequenceNumber ?? '' });
  }
  let alertsSent = 0;
  const batchItemFailures: { itemIdentifier: string }[] = [];
  for (const { userId, projectId, sequenceNumber } of projects.values()) {
    try {
      alertsSent += await checkProjectAlerts(userId, projectId);
    } catch (error) {
      batchItemFailures.push({ itemIdentifier: sequenceNumber });
      logger.error('budget alert check failed', {
        projectId,
        sequenceNumber,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  if (alertsSent > 0) logger.info('budget alerts sent', { alertsSent, projects: projects.size });
  return { alertsSent, batchItemFailures };
}

export const handler = logged(apply);
