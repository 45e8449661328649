import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../contract/error-codes';
import { ddb, TABLE } from '../../functions/data/core/client';
import { expectTotalsConsistent, newProject, newUser, partition, type TestUser } from '../activities/helpers';
import { call } from '../api';

/**
 * The exact inputs of issue 10 that lost entries (500, nothing stored) or answered 5xx on the
 * first release, and what must hold instead.
 */

const JAPANESE_110 = 'プロジェクトの要件定義と設計レビュー、顧客との打ち合わせ、議事録作成。'
  .repeat(4)
  .slice(0, 110);
const CJK_60 = '需求分析与系统设计评审会议记录整理'.repeat(4).slice(0, 60);
const CJK_60_B = '고객미팅및회의록작성과일정조율진행상황보고'.repeat(3).slice(0, 60);

const RANGE = { startdate: '2026-05-01', enddate: '2026-05-31' };

async function track(user: TestUser, projectId: string, activity: string, description: string, ms: number) {
  return call('POST', '/api/timeactivities', {
    token: user.token,
    body: { projectId, activity, description, duration: ms, date: '2026-05-04' },
  });
}

async function subTaskGrid(user: TestUser, projectId: string) {
  const res = await call('GET', '/api/projecttimepersubtaskgrid', {
    token: user.token,
    query: { projectid: projectId, ...RANGE },
  });
  return res.body as { activity: string; description: string; totalHours: number }[];
}

async function taskList(user: TestUser, projectId: string) {
  const res = await call('GET', '/api/projecttasklist', { token: user.token });
  return (res.body as { projectId: string; tasks: unknown[] }[]).find((p) => p.projectId === projectId)
    ?.tasks;
}

describe('issue 10: entries in Japanese, Chinese or with many accents are stored', () => {
  it.each([
    ['a 110-character Japanese task', JAPANESE_110, ''],
    ['60 + 60 CJK characters in task and sub-task', CJK_60, CJK_60_B],
    ['200 × ü', 'ü'.repeat(200), 'ü'.repeat(200)],
    ['200 × %', '%'.repeat(200), '%'.repeat(200)],
    ['200 emoji (800 bytes of UTF-8 each field)', '😀'.repeat(200), '🎉'.repeat(200)],
  ])('stores %s, lists it, suggests it and counts it', async (_, activity, description) => {
    expect([...activity].length).toBeLessThanOrEqual(200);
    const user = await newUser();
    const projectId = await newProject(user);

    const res = await track(user, projectId, activity, description, 5_400_000);

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ activity, description });
    const list = await call('GET', `/api/timeactivities/${projectId}`, { token: user.token });
    expect(list.body).toEqual([expect.objectContaining({ activity, description })]);
    expect(await taskList(user, projectId)).toEqual([
      { activity, descriptions: description ? [description] : [] },
    ]);
    expect(await subTaskGrid(user, projectId)).toEqual([{ activity, description, totalHours: 5_400_000 }]);
    await expectTotalsConsistent(user.userId);
  });

  it('counts 200 characters as 200 code points: 200 emoji pass, 201 characters are refused', async () => {
    const user = await newUser();
    const projectId = await newProject(user);

    const res = await track(user, projectId, '𠀀'.repeat(201), '', 1);

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: [
        {
          msg: 'Task must be at most 200 characters',
          code: 'TEXT_TOO_LONG',
          param: 'activity',
          values: { field: 'task', max: 200 },
        },
      ],
    });
  });

  it('keeps Design and design two tasks, as they always were', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    await track(user, projectId, 'Design', '', 3_600_000);
    await track(user, projectId, 'design', '', 1_800_000);
    await track(user, projectId, 'Design', '', 3_600_000);

    expect(await subTaskGrid(user, projectId)).toEqual([
      { activity: 'Design', description: '', totalHours: 7_200_000 },
      { activity: 'design', description: '', totalHours: 1_800_000 },
    ]);
  });
});

describe('issue 10: no client input yields a 5xx', () => {
  it('answers 404 for a 2,100-character id on the public embed route, in either position', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const long = 'A'.repeat(2100);

    for (const path of [
      `/api/embed/${long}/${projectId}/timetracked/line`,
      `/api/embed/${user.userId}/${long}/timetracked/line`,
      `/api/embed/${long}/${long}/timepertask/pie`,
    ]) {
      const res = await call('GET', path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ errors: [{ msg: 'Chart not found', code: 'CHART_NOT_FOUND' }] });
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('answers 400 for a lone surrogate in a project name and stores nothing', async () => {
    const user = await newUser();

    const res = await call('POST', '/api/projects', { token: user.token, rawBody: '{"name":"\\ud800"}' });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      errors: [{ msg: API_ERRORS.ILL_FORMED_UNICODE, code: 'ILL_FORMED_UNICODE', param: 'name' }],
    });
    expect(await partition(user.userId)).toEqual([]);
  });

  it('answers 400 for a lone surrogate in a task or notes and stores nothing', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const before = await partition(user.userId);

    const time = await call('POST', '/api/timeactivities', {
      token: user.token,
      rawBody: `{"projectId":"${projectId}","activity":"Design \\udc00","duration":60000}`,
    });
    const finance = await call('POST', '/api/financeactivities', {
      token: user.token,
      rawBody: `{"projectId":"${projectId}","notes":"\\ud83d","amount":5}`,
    });

    expect([time.status, finance.status]).toEqual([400, 400]);
    expect(time.body.errors[0]).toMatchObject({ code: 'ILL_FORMED_UNICODE', param: 'activity' });
    expect(finance.body.errors[0]).toMatchObject({ code: 'ILL_FORMED_UNICODE', param: 'notes' });
    expect(await partition(user.userId)).toEqual(before);
  });

  it('answers 400 for a project description over 2,000 characters (the contract’s limit)', async () => {
    const user = await newUser();

    const res = await call('POST', '/api/projects', {
      token: user.token,
      body: { name: 'Site', description: 'ü'.repeat(2001) },
    });

    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toEqual({
      msg: 'Description must be at most 2000 characters',
      code: 'TEXT_TOO_LONG',
      param: 'description',
      values: { field: 'description', max: 2000 },
    });
  });

  it('answers 404 for a malformed or over-long project id in a chart query', async () => {
    const user = await newUser();
    for (const projectid of ['x'.repeat(2100), 'PROJECT#', '%']) {
      const res = await call('GET', '/api/projecttimetrackedchart', {
        token: user.token,
        query: { projectid },
      });
      expect(res.status).toBe(404);
    }
  });
});

describe('data written with the first release’s task keys', () => {
  /**
   * Rewrites a user's task items to the first release's keys (`…#<enc(task)>#<enc(sub-task)>`),
   * as they sit in a table written before the hash keys.
   */
  async function toFirstReleaseKeys(userId: string) {
    for (const item of await partition(userId)) {
      const sk = item.SK as string;
      const prefix = /^(TASKDAY#[^#]+#[^#]+#|TASKMONTH#[^#]+#[^#]+#|TASK#[^#]+#|FINTASK#[^#]+#)/.exec(
        sk,
      )?.[1];
      if (!prefix) continue;
      const enc = encodeURIComponent;
      const oldSk = `${prefix}${enc(item.activity as string)}#${enc(item.description as string)}`;
      await ddb.send(new DeleteCommand({ TableName: TABLE, Key: { PK: item.PK, SK: sk } }));
      await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...item, SK: oldSk } }));
    }
  }

  it('still charts, suggests and uncounts them correctly next to new items of the same task', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const old = await track(user, projectId, 'Design #1', 'Logo', 3_600_000);
    await toFirstReleaseKeys(user.userId);

    // The same pair tracked again lands on the new key; both add up.
    const fresh = await track(user, projectId, 'Design #1', 'Logo', 1_800_000);
    expect(await subTaskGrid(user, projectId)).toEqual([
      { activity: 'Design #1', description: 'Logo', totalHours: 5_400_000 },
    ]);
    expect(await taskList(user, projectId)).toEqual([{ activity: 'Design #1', descriptions: ['Logo'] }]);

    // Deleting the old entry subtracts from the new key; the old item keeps its +1, and they net out.
    await call('DELETE', `/api/timeActivities/${old.body._id}`, { token: user.token });
    expect(await subTaskGrid(user, projectId)).toEqual([
      { activity: 'Design #1', description: 'Logo', totalHours: 1_800_000 },
    ]);
    await call('DELETE', `/api/timeActivities/${fresh.body._id}`, { token: user.token });
    expect(await subTaskGrid(user, projectId)).toEqual([]);
    expect(await taskList(user, projectId)).toBeUndefined();
    await expectTotalsConsistent(user.userId);
  });
});
