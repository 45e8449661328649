import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { AREAS } from '../../contract/endpoints';
import { ROUTES } from '../../functions/routes';
import { type ApiFunction, acknowledge, pascal } from './api-function';
import { Room } from './room';

/** What tells an operator something broke: API 5xx and the functions' errors by area, to one SNS topic. */
export class Alarms extends Room {
  readonly topic: sns.Topic;

  constructor(
    scope: Construct,
    id: string,
    props: { api: HttpApi; functions: ReadonlyMap<string, ApiFunction>; alarmEmail: string | undefined },
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
