import type { DynamoDBStreamEvent } from 'aws-lambda';
import { checkProjectAlerts } from '../domain/billing/budget-alerts';
import { logger } from '../lib/logger';

/**
 * The table's stream → budget alerts. On AWS an event source mapping invokes it with batches of
 * changed items, filtered to projects that have a budget or a target (`ALERT_STREAM_FILTERS` in
 * `routes.ts`); locally `infra/local/stream-feed.ts` polls DynamoDB Local's stream and applies the
 * same filters. Each project changed in the batch is checked once, against its stored state. A
 * failure throws: Lambda retries the batch, and the alert records keep what was sent from going twice.
 */
export async function handler(event: DynamoDBStreamEvent): Promise<{ alertsSent: number }> {
  const projects = new Map<string, { userId: string; projectId: string }>();
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage;
    const userId = image?.userId?.S;
    const projectId = image?.projectId?.S;
    if (image?.type?.S !== 'PROJECT' || image.deletedAt || !userId || !projectId) continue;
    projects.set(`${userId}#${projectId}`, { userId, projectId });
  }
  let alertsSent = 0;
  for (const { userId, projectId } of projects.values())
    alertsSent += await checkProjectAlerts(userId, projectId);
  if (alertsSent > 0) logger.info('budget alerts sent', { alertsSent, projects: projects.size });
  return { alertsSent };
}
