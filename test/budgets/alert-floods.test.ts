import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../../functions/data/identity/users';
import { checkProjectAlerts } from '../../functions/domain/billing/budget-alerts';
import { signToken } from '../../functions/lib/jwt';
import { inbox, seedUser } from '../accounts/helpers';
import { call } from '../api';

/**
 * Issue 35, item 1: budget and rate alerts cannot be turned into a mail flood. The check the
 * table's stream runs (`checkProjectAlerts`) is called directly after each change made through
 * the API, so every change is checked exactly once (DynamoDB Local, the local SES inbox).
 */

const H = 3_600_000;

async function signedIn(overrides: Partial<UserRecord> = {}) {
  const user = await seedUser({ emailConfirmed: true, premium: true, ...overrides });
  return { user, token: await signToken({ sub: user._id, ver: user.tokenVersion }) };
}

async function project(token: string, body: Record<string, unknown>): Promise<string> {
  const res = await call('POST', '/api/projects', { token, body: { name: 'Relaunch', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body._id;
}

async function ok(res: Promise<{ status: number; body: { _id?: string } }>, status = 201) {
  const out = await res;
  expect(out.status, JSON.stringify(out.body)).toBe(status);
  return out.body;
}

describe('budget and rate alerts', () => {
  it('go to no address its owner has not confirmed', async () => {
    const { user, token } = await signedIn({ emailConfirmed: false });
    const projectId = await project(token, { budget: { kind: 'hours', amount: 1, period: 'total' } });
    await ok(call('POST', '/api/timeactivities', { token, body: { projectId, duration: 2 * H } }));

    expect(await checkProjectAlerts(user._id, projectId)).toBe(0);
    expect(await inbox(user.email)).toEqual([]);
  });

  it('are not re-armed by changing the budget or the target by a cent', async () => {
    const { user, token } = await signedIn();
    const projectId = await project(token, {
      budget: { kind: 'hours', amount: 10, period: 'total' },
      targetHourlyRate: 60,
    });
    // Some income: a project with hours and no income gets no verdict (issue 34, item 2).
    await ok(call('POST', '/api/financeactivities', { token, body: { projectId, amount: 100 } }));
    await ok(call('POST', '/api/timeactivities', { token, body: { projectId, duration: 9 * H } }));
    expect(await checkProjectAlerts(user._id, projectId)).toBe(2); // 90 % and below the target

    let sent = 0;
    for (let i = 1; i <= 20; i += 1) {
      await ok(
        call('PUT', `/api/projects/${projectId}`, {
          token,
          body: {
            budget: { kind: 'hours', amount: 10 + i / 100, period: 'total' },
            targetHourlyRate: 60 + i / 100,
          },
        }),
        200,
      );
      sent += await checkProjectAlerts(user._id, projectId);
    }

    expect(sent).toBe(0);
    expect(await inbox(user.email)).toHaveLength(2);
  });

  it('do not send the rate alert again when an income is added and deleted in the same month', async () => {
    const { user, token } = await signedIn();
    const projectId = await project(token, { targetHourlyRate: 60 });
    // Some income: a project with hours and no income gets no verdict (issue 34, item 2).
    await ok(call('POST', '/api/financeactivities', { token, body: { projectId, amount: 100 } }));
    await ok(call('POST', '/api/timeactivities', { token, body: { projectId, duration: 10 * H } }));
    expect(await checkProjectAlerts(user._id, projectId)).toBe(1); // earns 10 an hour

    let sent = 0;
    for (let i = 0; i < 8; i += 1) {
      const income = await ok(
        call('POST', '/api/financeactivities', { token, body: { projectId, amount: 1000 } }),
      );
      sent += await checkProjectAlerts(user._id, projectId); // 110 an hour: recovered
      await ok(call('DELETE', `/api/financeActivities/${income._id}`, { token }), 200);
      sent += await checkProjectAlerts(user._id, projectId); // 10 an hour: below again
    }

    expect(sent).toBe(0);
    expect(await inbox(user.email)).toHaveLength(1);
  });

  it('send the rate alert again after a recovery in a later month', async () => {
    const { user, token } = await signedIn();
    const projectId = await project(token, { targetHourlyRate: 60 });
    // Some income: a project with hours and no income gets no verdict (issue 34, item 2).
    await ok(call('POST', '/api/financeactivities', { token, body: { projectId, amount: 100 } }));
    await ok(call('POST', '/api/timeactivities', { token, body: { projectId, duration: 10 * H } }));
    const now = new Date();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 3));
    expect(await checkProjectAlerts(user._id, projectId, now)).toBe(1);
    // Still below next month without a recovery in between: once until it recovers.
    expect(await checkProjectAlerts(user._id, projectId, nextMonth)).toBe(0);

    const income = await ok(
      call('POST', '/api/financeactivities', { token, body: { projectId, amount: 1000 } }),
    );
    expect(await checkProjectAlerts(user._id, projectId, nextMonth)).toBe(0);
    await ok(call('DELETE', `/api/financeActivities/${income._id}`, { token }), 200);

    expect(await checkProjectAlerts(user._id, projectId, nextMonth)).toBe(1);
    expect(await inbox(user.email)).toHaveLength(2);
  });
});
