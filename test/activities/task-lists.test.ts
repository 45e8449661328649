import { describe, expect, it } from 'vitest';
import { call } from '../api';
import { newProject, newUser } from './helpers';

describe('GET /api/projecttasklist and /api/projectfinancetasklist', () => {
  it('serves earlier tasks with their sub-tasks per project, sorted case-insensitively', async () => {
    const user = await newUser();
    const web = await newProject(user, 'Web');
    const app = await newProject(user, 'App');
    const track = (projectId: string, activity: string, description: string) =>
      call('POST', '/api/timeactivities', { token: user.token, body: { projectId, activity, description } });
    await track(web, 'design', 'Logo');
    await track(web, 'design', 'Logo');
    await track(web, 'design', 'colours #2');
    await track(web, 'Build', '');
    await track(app, 'Q&A / #1', 'a#b');

    const res = await call('GET', '/api/projecttasklist', { token: user.token });

    expect(res.status).toBe(200);
    const byProject = Object.fromEntries(
      res.body.map((p: { projectId: string; tasks: unknown }) => [p.projectId, p.tasks]),
    );
    expect(byProject).toEqual({
      [web]: [
        { activity: 'Build', descriptions: [] },
        { activity: 'design', descriptions: ['colours #2', 'Logo'] },
      ],
      [app]: [{ activity: 'Q&A / #1', descriptions: ['a#b'] }],
    });
  });

  it('drops a suggestion once no entry uses it any more, and keeps it while one does', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    const one = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { projectId, activity: 'Old', description: 'x' },
    });
    const two = await call('POST', '/api/timeactivities', {
      token: user.token,
      body: { projectId, activity: 'Old', description: 'x' },
    });

    await call('PUT', `/api/timeActivities/${one.body._id}`, {
      token: user.token,
      body: { activity: 'New' },
    });
    const whileUsed = await call('GET', '/api/projecttasklist', { token: user.token });
    await call('DELETE', `/api/timeActivities/${two.body._id}`, { token: user.token });
    const afterDelete = await call('GET', '/api/projecttasklist', { token: user.token });

    expect(whileUsed.body[0].tasks.map((t: { activity: string }) => t.activity)).toEqual(['New', 'Old']);
    expect(afterDelete.body).toEqual([{ projectId, tasks: [{ activity: 'New', descriptions: ['x'] }] }]);
  });

  it('keeps time and finance suggestions apart', async () => {
    const user = await newUser();
    const projectId = await newProject(user);
    await call('POST', '/api/timeactivities', { token: user.token, body: { projectId, activity: 'Coding' } });
    await call('POST', '/api/financeactivities', {
      token: user.token,
      body: { projectId, activity: 'Invoice', description: 'March', amount: 10 },
    });

    const time = await call('GET', '/api/projecttasklist', { token: user.token });
    const money = await call('GET', '/api/projectfinancetasklist', { token: user.token });

    expect(time.body).toEqual([{ projectId, tasks: [{ activity: 'Coding', descriptions: [] }] }]);
    expect(money.body).toEqual([{ projectId, tasks: [{ activity: 'Invoice', descriptions: ['March'] }] }]);
  });

  it('answers an empty list for a user without entries and 401 without a token', async () => {
    const user = await newUser();

    expect((await call('GET', '/api/projecttasklist', { token: user.token })).body).toEqual([]);
    expect((await call('GET', '/api/projectfinancetasklist')).status).toBe(401);
  });
});
