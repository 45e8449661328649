import type { DynamoDBRecord } from 'aws-lambda';
import type { Rounding } from '../../contract/rounding';
import { TIME_KIND } from '../../functions/data/tracking/time-activities';
import { handler } from '../../functions/handlers/report-tag-rollups';
import { redeliveredAfter } from '../../infra/local/stream-feed';
import { newUser, type TestUser } from '../activities/helpers';
import { call } from '../api';
import type { ModelEntry } from './report-model';

/**
 * Time entries as the per-tag day rollup tests write them: stored items built by hand and fed to
 * the stream handler as records, the way Lambda delivers them.
 */

export const M = 60_000;
export const ROUND_UP_6: Rounding = { mode: 'up', minutes: 6 };

export interface Version {
  project: number;
  day: number;
  duration: number;
  billable: boolean;
  tags: string[];
}

/** A premium user who rounds up to 6 minutes, with two projects at different rates. */
export async function signedUpWithProjects(): Promise<{
  user: TestUser;
  projects: string[];
  rates: Map<string, number>;
}> {
  const user = await newUser({ premium: true });
  await call('POST', '/api/usersettings', { token: user.token, body: { rounding: ROUND_UP_6 } });
  const projects: string[] = [];
  const rates = new Map<string, number>();
  for (const [name, rate] of [
    ['A', 12.34],
    ['B', 99.99],
  ] as const) {
    const id = (await call('POST', '/api/projects', { token: user.token, body: { name, hourlyRate: rate } }))
      .body._id as string;
    projects.push(id);
    rates.set(id, Math.round(rate * 100));
  }
  return { user, projects, rates };
}

export const dayOf = (n: number) => `2026-03-${String(n).padStart(2, '0')}`;

/** One version of an entry as the report model counts it. */
export const modelOf = (projects: string[], v: Version): ModelEntry => ({
  projectId: projects[v.project] as string,
  day: dayOf(v.day),
  duration: v.duration,
  billable: v.billable,
  tags: v.tags,
  task: '',
});

/** The item of one version of an entry, as the table stores it. */
export function itemOf(user: TestUser, projects: string[], activityId: string, v: Version, n: number) {
  return TIME_KIND.toItem({
    activityId,
    userId: user.userId,
    projectId: projects[v.project] as string,
    task: 'Work',
    subTask: '',
    date: `${dayOf(v.day)}T00:00:00.000Z`,
    startTime: null,
    endTime: null,
    duration: v.duration,
    billable: v.billable,
    tags: v.tags,
    version: n,
  });
}

/**
 * Delivers a batch as Lambda does with `reportBatchItemFailures`: from the lowest record the handler
 * reports failed on, again, until it goes through (a batch that throws, whole again).
 */
export async function deliver(batch: DynamoDBRecord[]) {
  let rest = batch;
  for (let attempt = 0; attempt < 20 && rest.length > 0; attempt++) {
    try {
      rest = redeliveredAfter(rest, await handler({ Records: rest }));
    } catch {
      // Retried whole: what went through already is found applied.
    }
  }
  if (rest.length > 0) throw new Error('batch never went through');
}
