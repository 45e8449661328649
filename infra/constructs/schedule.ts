import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { Construct } from 'constructs';
import { JOBS } from '../../functions/routes';
import type { Settings } from '../settings';
import { type ApiFunction, functionOf, pascal, type SharedFunctionProps } from './api-function';
import { Room } from './room';

/** The scheduled jobs of the route table: one function and one EventBridge rule each, at the interval its setting holds. */
export class Schedule extends Room {
  readonly functions = new Map<string, ApiFunction>();

  constructor(scope: Construct, id: string, props: { settings: Settings; shared: SharedFunctionProps }) {
    super(scope, id);
    for (const job of JOBS) {
      const fn = functionOf(this, job, props.shared);
      this.functions.set(job.handler, fn);
      const minutes = props.settings[job.everyMinutesSetting];
      new events.Rule(this, `${pascal(job.handler)}Schedule`, {
        description: `Timeledger: ${job.handler} every ${minutes} minutes`,
        schedule: events.Schedule.rate(Duration.minutes(minutes)),
        targets: [new LambdaFunction(fn.function, { retryAttempts: 2 })],
      });
    }
  }
}
