import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { type ApiFunction, acknowledge, pascal } from './api-function';
import { Room } from './room';

/** What tells an operator something broke: API 5xx and each function's errors, to one SNS topic. */
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
    // One alarm per function: it names the broken function (metric math alarms take at most 10 metrics).
    for (const [handler, fn] of props.functions) {
      alarm(
        `${pascal(handler)}Errors`,
        `Timeledger function ${handler} failed (uncaught error or timeout)`,
        fn.function.metricErrors(fiveMinuteSum),
        1,
      );
    }
  }
}
