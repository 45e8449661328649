import { DeleteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it, vi } from 'vitest';
import { putItems } from '../../functions/data/core/batch';
import { ddb, TABLE } from '../../functions/data/core/client';
import { projectIdGuardKey } from '../../functions/data/core/keys';
import { MAX_ENTRIES_READ } from '../../functions/data/tracking/activity-pages';
import { deleteAccountOf } from '../accounts/helpers';
import { call } from '../api';
import { newProject, newUser, partition } from './helpers';

/** Audit fix 1: another account cannot take a project's id (they are public in embed snippets) and slow its reads. */

const createWithId = (token: string, _id: string) =>
  call('POST', '/api/projects', { token, body: { _id, name: 'Not yours' } });

describe('a project id another account uses', () => {
  it('is refused with 404 to a create, and nothing is stored for the caller', async () => {
    const victim = await newUser();
    const attacker = await newUser();
    const projectId = await newProject(victim);

    const res = await createWithId(attacker.token, projectId);

    expect(res.status).toBe(404);
    expect(res.body.errors[0].code).toBe('PROJECT_NOT_FOUND');
    expect((await partition(attacker.userId)).filter((i) => String(i.SK).startsWith('PROJECT#'))).toEqual([]);
  });

  it('is refused also when the project predates the id guard, told by its entries', async () => {
    const victim = await newUser();
    const attacker = await newUser();
    const projectId = await newProject(victim);
    await call('POST', '/api/timeactivities', { token: victim.token, body: { projectId, duration: 60_000 } });
    await ddb.send(new DeleteCommand({ TableName: TABLE, Key: projectIdGuardKey(projectId) }));

    expect((await createWithId(attacker.token, projectId)).status).toBe(404);
  });

  it('stays the owner’s to re-create after deleting it, and leaves no guard once the account is gone', async () => {
    const owner = await newUser();
    const projectId = ulid();
    expect((await createWithId(owner.token, projectId)).status).toBe(201);
    expect((await call('DELETE', `/api/projects/${projectId}`, { token: owner.token })).status).toBe(200);
    expect((await createWithId(owner.token, projectId)).status).toBe(201);

    await deleteAccountOf(owner);

    const guards = await ddb.send(
      new ScanCommand({
        TableName: TABLE,
        FilterExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': projectIdGuardKey(projectId).PK },
      }),
    );
    expect(guards.Items).toEqual([]);
  });
});

describe('a project whose index partition another account shares (made before the guard)', () => {
  it('answers each page after reading a bounded number of entries, and pages through to its own', async () => {
    const victim = await newUser({ premium: true });
    const projectId = await newProject(victim);
    for (const day of ['2020-01-01', '2020-01-02', '2020-01-03']) {
      await call('POST', '/api/timeactivities', {
        token: victim.token,
        body: { projectId, date: day, duration: 60_000 },
      });
    }
    // Another account's 5,000 newer entries in the same index partition, as the old API let happen.
    const intruder = `USER#${ulid()}`;
    await putItems(
      Array.from({ length: 5000 }, (_, i) => {
        const id = ulid();
        return {
          PK: intruder,
          SK: `TIME#${id}`,
          GSI1PK: `PROJECT#${projectId}`,
          GSI1SK: `TIME#2025-06-${String((i % 28) + 1).padStart(2, '0')}#${id}`,
          duration: 1,
        };
      }),
    );
    const send = vi.spyOn(ddb, 'send');

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      send.mockClear();
      const res = await call('GET', `/api/timeactivities/${projectId}`, {
        token: victim.token,
        query: { limit: '10', ...(cursor ? { cursor } : {}) },
      });
      expect(res.status).toBe(200);
      const scanned = await Promise.all(send.mock.results.map((r) => r.value));
      const read = scanned.reduce((sum, out: { ScannedCount?: number }) => sum + (out?.ScannedCount ?? 0), 0);
      expect(read).toBeLessThanOrEqual(MAX_ENTRIES_READ);
      seen.push(...(res.body as { date: string }[]).map((a) => a.date.slice(0, 10)));
      cursor = res.headers['x-next-cursor'];
      pages++;
    } while (cursor && pages < 10);
    send.mockRestore();

    expect(seen).toEqual(['2020-01-03', '2020-01-02', '2020-01-01']);
  });
});
