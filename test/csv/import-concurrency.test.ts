import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rowId } from '../../functions/domain/tracking/csv/import-ids';
import { expectTotalsConsistent, newUser } from '../activities/helpers';
import { call } from '../api';

const toggl = readFileSync(join(import.meta.dirname, 'fixtures', 'toggl.csv'), 'utf8');

describe('imports of one file sent in parallel (audit fix 3)', () => {
  it('create each project once, so the free project limit is not eaten by duplicates', async () => {
    const user = await newUser();

    const answers = await Promise.all(
      Array.from({ length: 7 }, () =>
        call('POST', '/api/import/toggl', {
          token: user.token,
          rawBody: toggl,
          headers: { 'content-type': 'text/csv' },
        }),
      ),
    );

    expect(answers.map((a) => a.status)).toEqual(Array(7).fill(200));
    // The fixture's one bad row (an impossible date) is the only error of each.
    for (const answer of answers)
      expect(answer.body.errors.map((e: { code: string }) => e.code)).toEqual(['ROW_INVALID_DAY']);
    const projects = (await call('GET', '/api/projects', { token: user.token })).body as { name: string }[];
    const names = projects.map((p) => p.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    // Each project was reported created by exactly one of the imports.
    const created = answers.flatMap((a) => a.body.projectsCreated as string[]);
    expect(created.sort()).toEqual(projects.map((p) => p.name).sort());
    await expectTotalsConsistent(user.userId);
  });
});

describe('a project an import creates (issue 35 item 5)', () => {
  it('is made once by 8 parallel imports, also when another account first took the id the old derivation gave', async () => {
    const user = await newUser();
    const other = await newUser();
    // The id before the fix: the user id (public in embed snippets), the name and the day.
    const day = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    const predicted = rowId(day, `project\n${user.userId}\ngamma`);
    const squat = await call('POST', '/api/projects', {
      token: other.token,
      body: { _id: predicted, name: 'x' },
    });
    expect(squat.status).toBe(201);
    const header =
      'User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags';
    const row = 'U,u@example.com,,Gamma,,Design,Yes,2026-03-02,09:00:00,2026-03-02,10:00:00,01:00:00,';

    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call('POST', '/api/import/toggl', {
          token: user.token,
          rawBody: `${header}\r\n${row}\r\n`,
          headers: { 'content-type': 'text/csv' },
        }),
      ),
    );

    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const projects = (await call('GET', '/api/projects', { token: user.token })).body as {
      _id: string;
      name: string;
    }[];
    expect(projects.map((p) => p.name)).toEqual(['Gamma']);
    expect(projects[0]?._id).not.toBe(predicted);
    expect(answers.flatMap((a) => a.body.projectsCreated)).toEqual(['Gamma']);
    expect(answers.reduce((n, a) => n + a.body.imported, 0)).toBe(1);
    await expectTotalsConsistent(user.userId);
  }, 120_000);
});
