import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { AREAS } from '../../contract/endpoints';
import { ROUTES, STREAM_CONSUMERS } from '../../functions/routes';
import { type ApiFunction, acknowledge, pascal } from './api-function';
import { Room } from './room';

/**
 * What tells an operator something broke: API 5xx, the functions' errors by area and stream records
 * that kept failing, to one SNS topic; and one CloudWatch dashboard beside them to look at.
 */
export class Alarms extends Room {
  readonly topic: sns.Topic;

  constructor(
    scope: Construct,
    id: string,
    props: {
      api: HttpApi;
      functions: ReadonlyMap<string, ApiFunction>;
      alarmEmail: string | undefined;
      /** The stream consumers' failure queue (records that kept failing). */
      streamFailures: IQueue;
      table: ITable;
    },
  ) {
    super(scope, id);
    this.topic = new sns.Topic(this, 'Alarms', { displayName: 'Timeledger alarms', enforceSSL: true });
    acknowledge(this.topic, [
      {
        id: 'AwsSolutions-SNS2',
        reason:
          'CloudWatch cannot publish to a topic encrypted with the AWS-managed SNS key, and alarm messages carry no user data; a customer-managed key (1 USD/month) buys nothing here.',
      },
    ]);
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));
    const notify = new SnsAction(this.topic);

    // An alarm goes off when one period reaches its threshold; a period without data is no trouble.
    const alarm = (
      alarmId: string,
      alarmDescription: string,
      metric: cloudwatch.IMetric,
      threshold: number,
    ) =>
      new cloudwatch.Alarm(this, alarmId, {
        alarmDescription,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(notify);
    const fiveMinuteSum = { period: Duration.minutes(5), statistic: 'Sum' };

    alarm(
      'Api5xxAlarm',
      'Timeledger API answered 5xx (handler crash, timeout or throttled integration)',
      props.api.metricServerError(fiveMinuteSum),
      5,
    );
    // One alarm per area of the API (and one for the jobs), at most 10 functions each (a metric math
    // alarm takes 10 metrics): a stack of one function per endpoint stays under CloudFormation's
    // 500 resources, and the alarm still names the area and its functions.
    for (const group of errorGroups(props.functions)) {
      alarm(
        `${group.id}Errors`,
        `Timeledger ${group.label} failed (uncaught error or timeout) in one of: ${group.handlers.join(', ')}`,
        new cloudwatch.MathExpression({
          expression: `SUM([${group.handlers.map((_, i) => `FILL(m${i}, 0)`).join(', ')}])`,
          usingMetrics: Object.fromEntries(
            group.handlers.map((handler, i) => [
              `m${i}`,
              props.functions.get(handler)!.function.metricErrors(),
            ]),
          ),
          ...fiveMinuteSum,
          label: `Errors of ${group.label}`,
        }),
        1,
      );
    }
    alarm(
      'StreamFailuresAlarm',
      'Timeledger stream records kept failing (budget alerts or tag rollups); see the failure queue, then npm run backfill:reports',
      props.streamFailures.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
      1,
    );
    new OperatorDashboard(this, 'Dashboard', props);
  }
}

/** One dashboard: traffic and answers of the API, errors by area, the stream, the table. */
class OperatorDashboard extends cloudwatch.Dashboard {
  constructor(
    scope: Construct,
    id: string,
    props: {
      api: HttpApi;
      functions: ReadonlyMap<string, ApiFunction>;
      streamFailures: IQueue;
      table: ITable;
    },
  ) {
    super(scope, id, { defaultInterval: Duration.hours(3) });
    const five = { period: Duration.minutes(5) };
    const groups = errorGroups(props.functions);
    this.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'API requests and errors',
        left: [props.api.metricCount(five)],
        right: [props.api.metricClientError(five), props.api.metricServerError(five)],
      }),
      new cloudwatch.GraphWidget({
        title: 'API latency (p50, p95, p99)',
        left: ['p50', 'p95', 'p99'].map((statistic) => props.api.metricLatency({ ...five, statistic })),
      }),
    );
    this.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Function errors by area',
        width: 24,
        // Metric ids are unique across a graph: each group has its own prefix.
        left: groups.map(
          (group, g) =>
            new cloudwatch.MathExpression({
              expression: `SUM([${group.handlers.map((_, i) => `FILL(g${g}m${i}, 0)`).join(', ')}])`,
              usingMetrics: Object.fromEntries(
                group.handlers.map((handler, i) => [
                  `g${g}m${i}`,
                  props.functions.get(handler)!.function.metricErrors(),
                ]),
              ),
              ...five,
              label: group.label,
            }),
        ),
      }),
    );
    const consumers = STREAM_CONSUMERS.map((c) => props.functions.get(c.handler)).filter(
      (fn): fn is ApiFunction => fn !== undefined,
    );
    this.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Stream: iterator age (ms) and failed records',
        left: consumers.map((fn) => fn.function.metric('IteratorAge', { ...five, statistic: 'Maximum' })),
        right: [props.streamFailures.metricApproximateNumberOfMessagesVisible(five)],
      }),
      new cloudwatch.GraphWidget({
        title: 'Table: consumed capacity and throttles',
        left: [
          props.table.metricConsumedReadCapacityUnits(five),
          props.table.metricConsumedWriteCapacityUnits(five),
        ],
        right: [props.table.metricThrottledRequestsForOperations({ ...five })],
      }),
    );
  }
}

/** Metric math alarms take at most this many metrics. */
export const MAX_METRICS_PER_ALARM = 10;

/**
 * The functions in groups for their error alarms: by the area of their endpoint
 * (`contract/endpoints/` module), the jobs together, each split into groups of at most 10.
 */
export function errorGroups(functions: ReadonlyMap<string, ApiFunction>) {
  const areaOf = new Map<string, string>();
  for (const [area, endpoints] of Object.entries(AREAS)) {
    for (const name of Object.keys(endpoints)) {
      const route = ROUTES.find((r) => r.name === name);
      if (route) areaOf.set(route.handler, area);
    }
  }
  const byArea = new Map<string, string[]>();
  for (const handler of [...functions.keys()].sort()) {
    const area = areaOf.get(handler) ?? 'jobs';
    byArea.set(area, [...(byArea.get(area) ?? []), handler]);
  }
  return [...byArea].flatMap(([area, handlers]) => {
    const parts = Math.ceil(handlers.length / MAX_METRICS_PER_ALARM);
    return Array.from({ length: parts }, (_, i) => ({
      id: `${pascal(area)}${parts > 1 ? i + 1 : ''}`,
      label: area === 'jobs' ? 'scheduled jobs' : `${area} functions`,
      handlers: handlers.slice(i * MAX_METRICS_PER_ALARM, (i + 1) * MAX_METRICS_PER_ALARM),
    }));
  });
}
