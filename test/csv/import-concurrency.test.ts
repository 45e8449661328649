import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
