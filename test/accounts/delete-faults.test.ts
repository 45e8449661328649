import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepDeletions } from '../../functions/domain/account/deletions';
import { ACCOUNT_WRITE_GRACE_MS } from '../../functions/domain/identity/accounts';
import { budgetOf } from '../../functions/lib/budget';
import { call } from '../api';
import { passThroughDdb, realDdb } from '../faults';
import { PASSWORD, scanTable, signUp } from './helpers';

const real = realDdb;
let mock: ReturnType<typeof mockClient> | undefined;
afterEach(() => mock?.restore());

/** Lets every command through to DynamoDB Local except BatchWrites after the first `batches`. */
function crashAfterBatches(batches: number) {
  mock?.restore();
  mock = passThroughDdb();
  let calls = 0;
  mock.on(BatchWriteCommand).callsFake((input) => {
    calls++;
    if (calls > batches) throw new Error('process killed');
    return real.send(new BatchWriteCommand(input));
  });
}

/** An account with an embeddable project and more items than a few BatchWrites delete. */
async function fullAccount() {
  const account = await signUp();
  const { token } = account;
  await call('POST', '/api/usersettings', { token, body: { enableEmbedding: true } });
  const project = await call('POST', '/api/projects', {
    token,
    body: { name: 'Old client', enableEmbedding: true },
  });
  const projectId = project.body._id as string;
  for (let i = 0; i < 60; i++) {
    await call('POST', '/api/timeactivities', {
      token,
      body: {
        projectId,
        duration: 60_000,
        date: `2026-03-${String((i % 28) + 1).padStart(2, '0')}`,
        activity: `Old task ${i % 5}`,
      },
    });
  }
  await call('POST', '/api/financeactivities', {
    token,
    body: { projectId, amount: 90, activity: 'Old invoice', date: '2026-03-02' },
  });
  return { ...account, projectId };
}

const itemsOf = async (userId: string) =>
  (await scanTable()).filter((item) => JSON.stringify(item).includes(userId));

describe('an account deletion interrupted part-way', () => {
  it('leaves the account unusable and invisible at once, its address free, and the sweep removes the rest', async () => {
    const old = await fullAccount();
    const embed = `/api/embed/${old.userId}/${old.projectId}/profitloss/bar`;
    expect((await call('GET', embed)).status).toBe(200);
    crashAfterBatches(2);

    const crashed = await call('DELETE', '/api/users', { token: old.token, body: { password: PASSWORD } });

    expect(crashed.status).toBe(500);
    mock?.restore();
    // Most of the account is still stored…
    expect((await itemsOf(old.userId)).length).toBeGreaterThan(60);
    // …but nobody can use or see it.
    for (const path of ['/api/auth', '/api/projects', '/api/exportuserdata', '/api/projecttasklist']) {
      expect((await call('GET', path, { token: old.token })).status, path).toBe(401);
    }
    expect((await call('GET', embed)).status).toBe(404);
    const login = await call('POST', '/api/auth', { body: { email: old.email, password: PASSWORD } });
    expect(login.body.errors[0].msg).toBe('Invalid Credentials');
    expect((await call('POST', '/api/forgotpassword', { body: { email: old.email } })).status).toBe(200);

    // The address signs up again at once, as a new, empty account.
    const fresh = await signUp(old.email);
    expect(fresh.userId).not.toBe(old.userId);
    expect((await call('GET', '/api/projects', { token: fresh.token })).body).toEqual([]);
    expect((await call('GET', '/api/projecttasklist', { token: fresh.token })).body).toEqual([]);
    const exported = await call('GET', '/api/exportuserdata', { token: fresh.token });
    expect(exported.body).toMatchObject({ projects: [], timeActivities: [], financeActivities: [] });
    expect((await call('POST', '/api/auth', { body: { email: old.email, password: PASSWORD } })).status).toBe(
      200,
    );

    // Within the grace for requests already under way, the sweep deletes all but the tombstone…
    expect(await sweepDeletions(budgetOf(60_000))).toEqual({ finished: 0, pending: 1 });
    expect(await itemsOf(old.userId)).toEqual([
      expect.objectContaining({ SK: 'PROFILE', deletedAt: expect.any(String) }),
    ]);
    // …and after it, the tombstone too.
    expect(await sweepDeletions(budgetOf(60_000), Date.now() + ACCOUNT_WRITE_GRACE_MS)).toEqual({
      finished: 1,
      pending: 0,
    });
    expect(await itemsOf(old.userId)).toEqual([]);
    // The new account of the same address is untouched.
    expect((await call('GET', '/api/auth', { token: fresh.token })).body.email).toBe(old.email);
    expect((await itemsOf(fresh.userId)).length).toBeGreaterThan(1);
  }, 120_000);

  it('a second DELETE sent together with the first answers the same', async () => {
    const { token, userId } = await signUp();

    const answers = await Promise.all([
      call('DELETE', '/api/users', { token, body: { password: PASSWORD } }),
      call('DELETE', '/api/users', { token, body: { password: PASSWORD } }),
    ]);

    // Each was either past authentication before the deletion (200) or refused after it (401).
    for (const a of answers) expect([200, 401]).toContain(a.status);
    expect(answers.some((a) => a.status === 200)).toBe(true);
    for (const a of answers.filter((x) => x.status === 200)) expect(a.body).toEqual({ msg: 'User deleted' });
    await sweepDeletions(budgetOf(60_000), Date.now() + ACCOUNT_WRITE_GRACE_MS);
    expect(await itemsOf(userId)).toEqual([]);
  }, 60_000);
});
