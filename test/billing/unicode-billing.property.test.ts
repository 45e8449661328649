import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH } from '../../contract/fields';
import { foldTag, MAX_TAG_LENGTH, MAX_TAGS } from '../../contract/tags';
import { newProject, newUser, partition } from '../activities/helpers';
import { call } from '../api';
import { runs } from '../runs';

/**
 * Any well-formed Unicode within the limits is kept exactly (trimmed, nothing else) in client
 * names and in tags: stored, answered, listed, suggested and reported under its own spelling.
 */

/** Characters that broke keys or encodings before, and the scripts people bill in. */
const TRICKY = [
  '日',
  '語',
  '한',
  'ü',
  'é',
  'ß',
  '%',
  '#',
  '/',
  '$',
  '\\',
  '"',
  ',',
  '😀',
  '👩‍💻',
  ' ',
  '\u00a0',
];

/** Any well-formed text of 1 to `max` code points once trimmed. */
const text = (max: number) =>
  fc
    .oneof(
      { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: Math.min(max, 60) }) },
      { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: max }) },
      { weight: 3, arbitrary: fc.string({ unit: fc.constantFrom(...TRICKY), maxLength: max }) },
      { weight: 1, arbitrary: fc.constantFrom('日', 'ü', '%', '😀', ',').map((c) => c.repeat(max)) },
    )
    .map((s) => [...s].slice(0, max).join(''))
    .map((s) => (s.trim() === '' ? `x${s}`.slice(0, max) : s));

describe('any well-formed Unicode in client names and tags is kept exactly', () => {
  it('stores, lists and renames a client under any name', async () => {
    await fc.assert(
      fc.asyncProperty(text(MAX_NAME_LENGTH), text(MAX_NAME_LENGTH), async (name, newName) => {
        const user = await newUser();
        const created = await call('POST', '/api/clients', {
          token: user.token,
          body: { name, taxId: name },
        });
        expect(created.status).toBe(201);
        expect(created.body).toMatchObject({ name: name.trim(), taxId: name.trim() });
        const listed = await call('GET', '/api/clients', { token: user.token });
        expect(listed.body.map((c: { name: string }) => c.name)).toEqual([name.trim()]);

        const renamed = await call('PUT', `/api/clients/${created.body._id}`, {
          token: user.token,
          body: { name: newName },
        });
        expect(renamed.status).toBe(200);
        const after = await call('GET', '/api/clients', { token: user.token });
        expect(after.body.map((c: { name: string }) => c.name)).toEqual([newName.trim()]);
      }),
      { numRuns: runs(20, 6) },
    );
  }, 180_000);

  it('stores any tags, suggests them and reports each under its own spelling', async () => {
    const tags = fc.uniqueArray(text(MAX_TAG_LENGTH), {
      minLength: 1,
      maxLength: MAX_TAGS,
      selector: (t) => foldTag(t.trim()),
    });
    await fc.assert(
      fc.asyncProperty(tags, async (given) => {
        const user = await newUser();
        const projectId = await newProject(user);
        const expected = given.map((t) => t.trim());
        const created = await call('POST', '/api/timeactivities', {
          token: user.token,
          body: { projectId, duration: 3_600_000, date: '2026-03-10', tags: given },
        });
        expect(created.status).toBe(201);
        expect(created.body.tags).toEqual(expected);
        const stored = (await partition(user.userId)).find((i) => String(i.SK).startsWith('TIME#'));
        expect(stored?.tags).toEqual(expected);

        const suggested = await call('GET', '/api/tags', { token: user.token });
        expect(suggested.body.map((t: { name: string }) => t.name).sort()).toEqual([...expected].sort());
        const report = await call('GET', '/api/reports', {
          token: user.token,
          query: { startdate: '2026-03-01', enddate: '2026-03-31', groupby: 'tag' },
        });
        expect(report.status).toBe(200);
        expect(report.body.rows.map((r: { label: string }) => r.label).sort()).toEqual([...expected].sort());
        expect(report.body.total.timeMs).toBe(3_600_000);
      }),
      { numRuns: runs(20, 6) },
    );
  }, 180_000);
});
