import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { ulid } from 'ulid';
import { describe, expect, it, vi } from 'vitest';
import { documentKey, receiptKey, receiptsPrefix } from './buckets';
import { getFirstBytes, getObject, headObject, putObject, s3Client } from './s3';
import { presignGet, presignPut } from './s3-presign';
import { DELETE_BATCH, deleteObjects, deletePrefix, listPages } from './s3-sweep';

// Every test here talks to the real local S3 server of the test run (`test/global-setup.ts`),
// in this file's own buckets (`test/setup-env.ts`).

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Puts `count` small objects under a user’s receipts, 50 at a time. */
async function putReceipts(userId: string, count: number): Promise<string[]> {
  const keys = Array.from({ length: count }, () => receiptKey(userId, ulid()));
  for (let i = 0; i < keys.length; i += 25) {
    await Promise.all(
      keys
        .slice(i, i + 25)
        .map((key) => putObject({ bucket: 'receipts', key, body: PNG, contentType: 'image/png' })),
    );
  }
  return keys;
}

async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of listPages('receipts', prefix)) keys.push(...page);
  return keys;
}

/** The commands the function instance's client sent while `run` ran, by name. */
async function commandsSentDuring(run: () => Promise<unknown>): Promise<string[]> {
  const send = vi.spyOn(s3Client(), 'send');
  try {
    await run();
    return send.mock.calls.map(([command]) => command.constructor.name);
  } finally {
    send.mockRestore();
  }
}

describe('storing and reading files', () => {
  it('reads back exactly the bytes, type and SHA-256 it stored, whatever the bytes', async () => {
    const userId = ulid();
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 0, maxLength: 4096 }), async (body) => {
        const key = documentKey(userId, ulid(), 'pdf');
        const stored = await putObject({ bucket: 'documents', key, body, contentType: 'application/pdf' });
        expect(stored).toMatchObject({ key, bytes: body.byteLength, sha256: hex(body) });
        const read = await getObject('documents', key);
        expect(read?.contentType).toBe('application/pdf');
        expect(Buffer.from(read!.body).equals(Buffer.from(body))).toBe(true);
        expect(read?.sha256).toBe(stored.sha256);
      }),
      { numRuns: 25 },
    );
  });

  it('answers nothing for a key that holds nothing, and the size, type and first bytes of one that does', async () => {
    const key = receiptKey(ulid(), ulid());
    expect(await getObject('receipts', key)).toBeUndefined();
    expect(await headObject('receipts', key)).toBeUndefined();
    expect(await getFirstBytes('receipts', key, 8)).toBeUndefined();
    await putObject({ bucket: 'receipts', key, body: PNG, contentType: 'image/png' });
    expect(await headObject('receipts', key)).toEqual({ bytes: PNG.byteLength, contentType: 'image/png' });
    expect(Array.from((await getFirstBytes('receipts', key, 8))!)).toEqual(Array.from(PNG.subarray(0, 8)));
  });

  it('names the missing bucket variable when a function without it first touches a file', async () => {
    const saved = process.env.RECEIPTS_BUCKET;
    delete process.env.RECEIPTS_BUCKET;
    try {
      vi.resetModules();
      const fresh = await import('./s3');
      await expect(fresh.headObject('receipts', receiptKey(ulid(), ulid()))).rejects.toThrow(
        'Missing required environment variable RECEIPTS_BUCKET',
      );
    } finally {
      process.env.RECEIPTS_BUCKET = saved;
      vi.resetModules();
    }
  });
});

describe('a presigned PUT (the browser’s upload of a receipt)', () => {
  const upload = (url: string, contentType: string, body: Uint8Array) =>
    fetch(url, { method: 'PUT', headers: { 'Content-Type': contentType }, body: new Uint8Array(body) });

  it('takes a file of exactly the signed type and length, stored with that type', async () => {
    const key = receiptKey(ulid(), ulid());
    const signed = await presignPut({
      bucket: 'receipts',
      key,
      contentType: 'image/png',
      bytes: PNG.byteLength,
      expiresInSeconds: 300,
    });
    expect(signed.headers).toEqual({ 'Content-Type': 'image/png' });
    const answer = await upload(signed.url, signed.headers['Content-Type'], PNG);
    expect(answer.status).toBe(200);
    expect(await headObject('receipts', key)).toEqual({ bytes: PNG.byteLength, contentType: 'image/png' });
  });

  it('binds the type and length into the signature and asks for no checksum the browser cannot send', async () => {
    const signed = await presignPut({
      bucket: 'receipts',
      key: receiptKey(ulid(), ulid()),
      contentType: 'application/pdf',
      bytes: 1234,
      expiresInSeconds: 300,
    });
    const query = new URL(signed.url).searchParams;
    expect(query.get('X-Amz-SignedHeaders')?.split(';')).toEqual(['content-length', 'content-type', 'host']);
    expect(query.get('X-Amz-Expires')).toBe('300');
    expect([...query.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
  });

  it('is refused for another content type, another length, or after it expired, and stores nothing', async () => {
    const now = new Date();
    const cases = [
      { why: 'another type', type: 'application/pdf', body: PNG, signedAt: now },
      { why: 'a longer body', type: 'image/png', body: Uint8Array.from([...PNG, 0]), signedAt: now },
      { why: 'a shorter body', type: 'image/png', body: PNG.subarray(1), signedAt: now },
      // Signed six minutes ago for five.
      { why: 'expired', type: 'image/png', body: PNG, signedAt: new Date(now.getTime() - 360_000) },
    ];
    for (const c of cases) {
      const key = receiptKey(ulid(), ulid());
      const signed = await presignPut({
        bucket: 'receipts',
        key,
        contentType: 'image/png',
        bytes: PNG.byteLength,
        expiresInSeconds: 300,
        now: c.signedAt,
      });
      const answer = await upload(signed.url, c.type, c.body);
      expect(answer.status, c.why).toBe(403);
      expect(await answer.text(), c.why).toMatch(
        c.why === 'expired' ? /<Code>AccessDenied<\/Code>/ : /<Code>SignatureDoesNotMatch<\/Code>/,
      );
      expect(await headObject('receipts', key), c.why).toBeUndefined();
    }
  });

  it('answers when it expires', async () => {
    const now = new Date('2026-03-01T10:00:00.000Z');
    const signed = await presignPut({
      bucket: 'receipts',
      key: receiptKey(ulid(), ulid()),
      contentType: 'image/png',
      bytes: 10,
      expiresInSeconds: 300,
      now,
    });
    expect(signed.expiresAt).toBe('2026-03-01T10:05:00.000Z');
  });
});

describe('a presigned GET (the owner opening a receipt)', () => {
  it('reads the file with its type while valid, and is refused once expired', async () => {
    const key = receiptKey(ulid(), ulid());
    await putObject({ bucket: 'receipts', key, body: PNG, contentType: 'image/png' });
    const signed = await presignGet({ bucket: 'receipts', key, expiresInSeconds: 60 });
    const answer = await fetch(signed.url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await answer.arrayBuffer()).equals(Buffer.from(PNG))).toBe(true);

    const expired = await presignGet({
      bucket: 'receipts',
      key,
      expiresInSeconds: 60,
      now: new Date(Date.now() - 120_000),
    });
    const late = await fetch(expired.url);
    expect(late.status).toBe(403);
    expect(await late.text()).toMatch(/Request has expired/);
  });
});

describe('deleting by prefix (an account’s or an activity’s files)', () => {
  it('removes every object under the prefix in batches of 1,000, and nothing of another user', async () => {
    const [owner, other] = [ulid(), ulid()];
    const keys = await putReceipts(owner, DELETE_BATCH + 1);
    const kept = await putReceipts(other, 3);
    expect(await keysUnder(receiptsPrefix(owner))).toHaveLength(DELETE_BATCH + 1);

    let deleted = 0;
    const sent = await commandsSentDuring(async () => {
      deleted = await deletePrefix('receipts', receiptsPrefix(owner));
    });
    expect(deleted).toBe(keys.length);
    expect(sent.filter((name) => name === 'DeleteObjectsCommand')).toHaveLength(2);
    expect(sent.filter((name) => name === 'ListObjectsCommand')).toHaveLength(2);
    expect(await keysUnder(receiptsPrefix(owner))).toEqual([]);
    expect((await keysUnder(receiptsPrefix(other))).sort()).toEqual([...kept].sort());
  }, 120_000);

  it('deletes a list of keys 1,000 per call, keys already gone included', async () => {
    const owner = ulid();
    const stored = await putReceipts(owner, 5);
    const gone = Array.from({ length: 2 * DELETE_BATCH }, () => receiptKey(owner, ulid()));
    let deleted = 0;
    const sent = await commandsSentDuring(async () => {
      deleted = await deleteObjects('receipts', [...stored, ...gone]);
    });
    expect(deleted).toBe(stored.length + gone.length);
    expect(sent).toEqual(['DeleteObjectsCommand', 'DeleteObjectsCommand', 'DeleteObjectsCommand']);
    expect(await keysUnder(receiptsPrefix(owner))).toEqual([]);
  }, 60_000);

  it('refuses a prefix that is not a user’s, so a slip cannot empty a bucket', async () => {
    const key = receiptKey(ulid(), ulid());
    await putObject({ bucket: 'receipts', key, body: PNG, contentType: 'image/png' });
    for (const prefix of ['', 'users/', 'users', 'users/../', `${key}`, 'receipts/']) {
      await expect(deletePrefix('receipts', prefix), prefix).rejects.toThrow(/not a user's prefix/);
    }
    expect(await headObject('receipts', key)).toBeDefined();
  });
});
