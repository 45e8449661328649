import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { characterCount, MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from '../../contract/limits';
import { NO_TASK_LABEL } from '../../functions/domain/tracking/charts/build';
import { expectTotalsConsistent, newUser, type TestUser } from '../activities/helpers';
import { call } from '../api';
import { runs } from '../runs';

/**
 * Any well-formed Unicode up to the field limits is stored, read back exactly, listed
 * by the task suggestions and counted by the charts. Every write route that takes text gets
 * generated text: projects (name, description), time entries (task, sub-task) and income and
 * expenses (task, sub-task, notes), created and edited. (The settings take no text.)
 */

/** Characters that broke keys or encodings before, and the scripts people track time in. */
const TRICKY = [
  '日',
  '本',
  '語',
  '中',
  '文',
  '한',
  'ü',
  'é',
  '%',
  '#',
  '/',
  '$',
  '\\',
  '"',
  '😀',
  '👩‍💻',
  ' ',
];

/** Any well-formed text, cut to `max` code points (the server trims, so the expected text is trimmed). */
const text = (max: number) =>
  fc
    .oneof(
      { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: Math.min(max, 80) }) },
      { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: max }) },
      { weight: 3, arbitrary: fc.string({ unit: fc.constantFrom(...TRICKY), maxLength: max }) },
      // At the limit: the longest text of the widest characters (4 bytes of UTF-8 each for the emoji).
      { weight: 1, arbitrary: fc.constantFrom('日', 'ü', '%', '#', '😀', '/').map((c) => c.repeat(max)) },
    )
    .map((s) => [...s].slice(0, max).join(''));

const required = (max: number) => text(max).map((s) => (s.trim() === '' ? `x${s}`.slice(0, max) : s));

const DAY = '2026-03-10';
const RANGE = { startdate: '2026-03-01', enddate: '2026-03-31' };

interface TaskListEntry {
  projectId: string;
  tasks: { activity: string; descriptions: string[] }[];
}

/** The suggestions of one project, as `{task: [sub-tasks]}`. */
async function suggestions(user: TestUser, path: string, projectId: string) {
  const res = await call<TaskListEntry[]>('GET', path, { token: user.token });
  expect(res.status).toBe(200);
  const entry = res.body.find((p) => p.projectId === projectId);
  return new Map((entry?.tasks ?? []).map((t) => [t.activity, t.descriptions]));
}

async function taskGrid(user: TestUser, projectId: string) {
  const res = await call('GET', '/api/projecttimepertaskgrid', {
    token: user.token,
    query: { projectid: projectId, ...RANGE },
  });
  expect(res.status).toBe(200);
  return res.body as { activity: string; totalHours: number }[];
}

async function subTaskGrid(user: TestUser, projectId: string) {
  const res = await call('GET', '/api/projecttimepersubtaskgrid', {
    token: user.token,
    query: { projectid: projectId, ...RANGE },
  });
  expect(res.status).toBe(200);
  return res.body as { activity: string; description: string; totalHours: number }[];
}

/** What a time entry with this task and sub-task must show everywhere it is read. */
async function expectTimeEntryEverywhere(
  user: TestUser,
  projectId: string,
  entryId: string,
  pair: { activity: string; description: string },
  durationMs: number,
) {
  const list = await call('GET', `/api/timeactivities/${projectId}`, { token: user.token });
  expect(list.body).toEqual([expect.objectContaining({ _id: entryId, ...pair, duration: durationMs })]);

  const tasks = await suggestions(user, '/api/projecttasklist', projectId);
  if (pair.activity !== '' || pair.description !== '') {
    expect([...tasks.keys()]).toEqual([pair.activity]);
    expect(tasks.get(pair.activity)).toEqual(pair.description === '' ? [] : [pair.description]);
  } else {
    expect(tasks.size).toBe(0);
  }

  expect(await taskGrid(user, projectId)).toEqual([{ activity: pair.activity, totalHours: durationMs }]);
  expect(await subTaskGrid(user, projectId)).toEqual([{ ...pair, totalHours: durationMs }]);
  const pie = await call('GET', '/api/projecttimepertaskchart', {
    token: user.token,
    query: { projectid: projectId, ...RANGE },
  });
  expect(pie.body.labels).toEqual([pair.activity || NO_TASK_LABEL]);
  expect(pie.body.datasets[0].data[0]).toBeCloseTo(durationMs / 3_600_000, 6);
}

describe('any well-formed Unicode within the limits is stored, read back and counted', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await newUser({ premium: true });
  });

  it('keeps project names and descriptions exactly, on create and edit', async () => {
    await fc.assert(
      fc.asyncProperty(
        required(MAX_NAME_LENGTH),
        text(MAX_TEXT_LENGTH),
        required(MAX_NAME_LENGTH),
        text(MAX_TEXT_LENGTH),
        async (name, description, newName, newDescription) => {
          const created = await call('POST', '/api/projects', {
            token: user.token,
            body: { name, description },
          });
          expect(created.status).toBe(201);
          expect(created.body).toMatchObject({ name: name.trim(), description: description.trim() });

          const edited = await call('PUT', `/api/projects/${created.body._id}`, {
            token: user.token,
            body: { name: newName, description: newDescription },
          });
          expect(edited.status).toBe(200);

          const listed = await call('GET', '/api/projects', { token: user.token });
          const project = (listed.body as { _id: string; name: string }[]).find(
            (p) => p._id === created.body._id,
          );
          expect(project).toMatchObject({ name: newName.trim(), description: newDescription.trim() });
          expect(characterCount(project?.name ?? '')).toBeLessThanOrEqual(MAX_NAME_LENGTH);
        },
      ),
      { numRuns: runs(25, 8) },
    );
  }, 120_000);

  it('stores time entries under any task and sub-task, suggests them and counts them in every task chart', async () => {
    await fc.assert(
      fc.asyncProperty(
        text(MAX_NAME_LENGTH),
        text(MAX_NAME_LENGTH),
        text(MAX_NAME_LENGTH),
        text(MAX_NAME_LENGTH),
        fc.integer({ min: 1, max: 8 * 3_600_000 }),
        async (task, subTask, newTask, newSubTask, duration) => {
          const project = await call('POST', '/api/projects', { token: user.token, body: { name: 'P' } });
          const projectId = project.body._id as string;

          const created = await call('POST', '/api/timeactivities', {
            token: user.token,
            body: { projectId, activity: task, description: subTask, duration, date: DAY },
          });
          expect(created.status).toBe(201);
          const pair = { activity: task.trim(), description: subTask.trim() };
          expect(created.body).toMatchObject(pair);
          await expectTimeEntryEverywhere(user, projectId, created.body._id, pair, duration);

          const edited = await call('PUT', `/api/timeActivities/${created.body._id}`, {
            token: user.token,
            body: { activity: newTask, description: newSubTask },
          });
          expect(edited.status).toBe(200);
          const newPair = { activity: newTask.trim(), description: newSubTask.trim() };
          await expectTimeEntryEverywhere(user, projectId, created.body._id, newPair, duration);
        },
      ),
      { numRuns: runs(25, 8) },
    );
    await expectTotalsConsistent(user.userId);
  }, 120_000);

  it('stores income and expenses under any task, sub-task and notes, and suggests them', async () => {
    await fc.assert(
      fc.asyncProperty(
        text(MAX_NAME_LENGTH),
        text(MAX_NAME_LENGTH),
        text(MAX_TEXT_LENGTH),
        text(MAX_NAME_LENGTH),
        text(MAX_TEXT_LENGTH),
        async (task, subTask, notes, newTask, newNotes) => {
          const project = await call('POST', '/api/projects', { token: user.token, body: { name: 'P' } });
          const projectId = project.body._id as string;

          const created = await call('POST', '/api/financeactivities', {
            token: user.token,
            body: { projectId, activity: task, description: subTask, notes, amount: 12.34, date: DAY },
          });
          expect(created.status).toBe(201);
          const edited = await call('PUT', `/api/financeActivities/${created.body._id}`, {
            token: user.token,
            body: { activity: newTask, notes: newNotes },
          });
          expect(edited.status).toBe(200);

          const want = { activity: newTask.trim(), description: subTask.trim(), notes: newNotes.trim() };
          const list = await call('GET', `/api/financeactivities/${projectId}`, { token: user.token });
          expect(list.body).toEqual([
            expect.objectContaining({ _id: created.body._id, ...want, amount: 12.34 }),
          ]);
          const tasks = await suggestions(user, '/api/projectfinancetasklist', projectId);
          if (want.activity !== '' || want.description !== '') {
            expect([...tasks.keys()]).toEqual([want.activity]);
            expect(tasks.get(want.activity)).toEqual(want.description === '' ? [] : [want.description]);
          } else {
            expect(tasks.size).toBe(0);
          }
          const profitLoss = await call('GET', '/api/projectprofitlosschart', {
            token: user.token,
            query: { projectid: projectId, ...RANGE },
          });
          const [series] = profitLoss.body.datasets as { data: number[] }[];
          expect(series?.data.reduce((a, b) => a + b, 0)).toBeCloseTo(12.34, 10);
        },
      ),
      { numRuns: runs(25, 8) },
    );
    await expectTotalsConsistent(user.userId);
  }, 120_000);
});
