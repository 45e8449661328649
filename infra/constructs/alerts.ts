import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Construct } from 'constructs';
import { STREAM_CONSUMERS } from '../../functions/routes';
import { type ApiFunction, acknowledge, functionOf, type SharedFunctionProps } from './api-function';
import { Room } from './room';

/**
 * The consumers of the table's stream (the budget alerts, the per-tag report rollups): one function
 * each, invoked by an event source mapping on the stream with the consumer's filter patterns, so
 * only the records it needs (projects with a budget or a target; time entries) invoke it at all. A
 * failed batch is retried (as often as the consumer says, else until its records expire), split
 * in halves to isolate a bad record; the alert records and the tag rollups' marks make a retry
 * do nothing twice.
 */
export class StreamConsumers extends Room {
  readonly functions = new Map<string, ApiFunction>();

  constructor(scope: Construct, id: string, props: { table: ITable; shared: SharedFunctionProps }) {
    super(scope, id);
    for (const consumer of STREAM_CONSUMERS) {
      // A role of its own: the stream grant (with ListStreams on `*`) must not reach the routes
      // that share a role by their grants (`FunctionRoles`).
      const fn = functionOf(this, consumer, { ...props.shared, roles: undefined });
      this.functions.set(consumer.handler, fn);
      fn.function.addEventSource(
        new DynamoEventSource(props.table, {
          startingPosition: StartingPosition.LATEST,
          batchSize: consumer.batchSize,
          maxBatchingWindow: Duration.seconds(consumer.maxBatchingWindowSeconds),
          ...(consumer.retryAttempts !== undefined ? { retryAttempts: consumer.retryAttempts } : {}),
          bisectBatchOnError: true,
          filters: consumer.filters.map((pattern) => FilterCriteria.filter(pattern)),
        }),
      );
      acknowledge(fn.role, [
        {
          id: 'AwsSolutions-IAM5[Resource::*]',
          reason:
            'The stream read grant includes dynamodb:ListStreams, which IAM only allows on *; reading records is limited to this table’s stream.',
        },
      ]);
    }
  }
}
