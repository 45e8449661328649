import { isUtf8 } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newUser, partition } from '../activities/helpers';
import { call } from '../api';
import { runs } from '../runs';

/**
 * Bytes that are not UTF-8 are refused at the edge, never stored as U+FFFD (audit fix 7): the
 * local server hands such a body to the handler base64-encoded, as API Gateway does, and the edge
 * decodes every body strictly.
 */

/** Byte strings that are not well-formed UTF-8 (lone continuation bytes, encoded surrogates, FF/FE, cut sequences…). */
const illFormed = fc
  .tuple(
    fc.uint8Array({ maxLength: 6 }),
    fc.constantFrom([0xed, 0xa0, 0x80], [0xff, 0xfe], [0x80], [0xc3], [0xf4, 0x90, 0x80, 0x80], [0xc0, 0xaf]),
    fc.uint8Array({ maxLength: 6 }),
  )
  .map(([before, bad, after]) => Buffer.from([...before, ...bad, ...after]))
  .filter((bytes) => !isUtf8(bytes));

const TOGGL_HEADER =
  'User,Email,Client,Project,Task,Description,Billable,Start date,Start time,End date,End time,Duration,Tags,Amount ()\n';

describe('bodies that are not UTF-8', () => {
  it('a JSON body: 400 BODY_NOT_UTF8, and no project is stored', async () => {
    const user = await newUser();
    await fc.assert(
      fc.asyncProperty(illFormed, async (bad) => {
        const body = Buffer.concat([Buffer.from('{"name":"'), bad, Buffer.from('"}')]);

        const res = await call('POST', '/api/projects', { token: user.token, rawBytes: body });

        expect(res.status).toBe(400);
        expect(res.body.errors[0].code).toBe('BODY_NOT_UTF8');
      }),
      { numRuns: runs(40, 10) },
    );
    expect(await partition(user.userId)).toEqual([]);
  });

  it('a CSV file: 400 CSV_NOT_UTF8, and nothing is imported', async () => {
    const user = await newUser();
    await fc.assert(
      fc.asyncProperty(illFormed, async (bad) => {
        const row = Buffer.concat([
          Buffer.from('Ada,ada@example.com,,Site,'),
          bad,
          Buffer.from(',Design,Yes,2024-03-01,09:00:00,2024-03-01,10:00:00,01:00:00,,\n'),
        ]);
        const res = await call('POST', '/api/import/toggl', {
          token: user.token,
          rawBytes: Buffer.concat([Buffer.from(TOGGL_HEADER), row]),
          headers: { 'content-type': 'text/csv' },
        });

        expect(res.status).toBe(400);
        expect(res.body.errors[0].code).toBe('CSV_NOT_UTF8');
      }),
      { numRuns: runs(25, 8) },
    );
    expect(await partition(user.userId)).toEqual([]);
  });

  it('still takes well-formed UTF-8 exactly, emoji and all', async () => {
    const user = await newUser();
    const name = 'Café 😀 日本';

    const res = await call('POST', '/api/projects', {
      token: user.token,
      rawBytes: Buffer.from(JSON.stringify({ name }), 'utf8'),
    });

    expect(res.status).toBe(201);
    expect(res.body.name).toBe(name);
  });
});
