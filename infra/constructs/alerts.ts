import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { FilterCriteria, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { STREAM_CONSUMERS } from '../../functions/routes';
import { type ApiFunction, acknowledge, functionOf, type SharedFunctionProps } from './api-function';
import { Room } from './room';

/**
 * The consumers of the table's stream (the budget alerts, the per-tag report rollups): one function
 * each, invoked by an event source mapping on the stream with the consumer's filter patterns, so
 * only the records it needs (projects with a budget or a target; time entries) invoke it at all. A
 * handler answers the records it could not apply (`reportBatchItemFailures`), so only those (and
 * what follows them in their shard) are delivered again, as often as the consumer says; a record
 * that keeps failing goes to the `failures` queue (an alarm watches it) instead of holding up its
 * shard. A thrown batch is split in halves to isolate a bad record; the alert records and the tag
 * rollups' marks make a retry do nothing twice.
 */
export class StreamConsumers extends Room {
  readonly functions = new Map<string, ApiFunction>();
  /** Where the records that kept failing are described (shard, sequence numbers) for an operator. */
  readonly failures: sqs.Queue;

  constructor(scope: Construct, id: string, props: { table: ITable; shared: SharedFunctionProps }) {
    super(scope, id);
    this.failures = new sqs.Queue(this, 'StreamFailures', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    acknowledge(this.failures, [
      {
        id: 'AwsSolutions-SQS3',
        reason: 'This queue is itself the dead-letter destination of the stream consumers.',
      },
    ]);
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
          reportBatchItemFailures: true,
          onFailure: new SqsDlq(this.failures),
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
