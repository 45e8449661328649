import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../../functions/data/identity/users';
import { getUserById } from '../../functions/data/identity/users';
import { bookReceivedEinvoice, type KeepReceipt } from '../../functions/domain/tracking/einvoice-in/book';
import { expectTotalsConsistent, newProject, newUser, partition } from '../activities/helpers';
import { bytesOf, CII_DE, UBL_NL } from './documents';

/**
 * The file is kept as the expense's receipt after the expense is stored (CONTRACT §9). A failure
 * there (S3 down, the function stopped) must neither lose the expense nor leave what a retry
 * cannot finish: the same upload again keeps the file and answers the expense; once kept, the same
 * upload is a duplicate. On DynamoDB Local, with the receipt step replaced by a recorder.
 */

type Kept = Parameters<KeepReceipt>[0];

function recorder(failures = 0) {
  const kept: Kept[] = [];
  let left = failures;
  const keep: KeepReceipt = async (file) => {
    if (left > 0) {
      left--;
      throw new Error('S3 is down');
    }
    kept.push(file);
  };
  return { kept, keep };
}

async function freshUser(): Promise<{ user: UserRecord; projectId: string }> {
  const test = await newUser({ premium: true });
  const projectId = await newProject(test);
  const user = await getUserById(test.userId);
  if (!user) throw new Error('no user');
  return { user, projectId };
}

const markers = async (userId: string) =>
  (await partition(userId)).filter((i) => String(i.SK).startsWith('EINVOICEIN#'));

describe('keeping the file as the receipt', () => {
  it('keeps the uploaded file with its type and name as the receipt of the new expense, and leaves no marker', async () => {
    const { user, projectId } = await freshUser();
    const { kept, keep } = recorder();

    const booked = await bookReceivedEinvoice(
      user,
      projectId,
      { bytes: bytesOf(UBL_NL.xml), filename: 'inv.xml' },
      keep,
    );

    expect(booked.created).toBe(true);
    expect(kept).toEqual([
      {
        userId: user._id,
        activityId: booked.activity._id,
        filename: 'inv.xml',
        contentType: 'application/xml',
        body: bytesOf(UBL_NL.xml),
      },
    ]);
    expect(await markers(user._id)).toEqual([]);
  });

  it('answers 503 when the receipt fails, keeps the expense, and the same upload again finishes the receipt', async () => {
    const { user, projectId } = await freshUser();
    const failing = recorder(1);
    const upload = { bytes: bytesOf(CII_DE.xml) };

    await expect(bookReceivedEinvoice(user, projectId, upload, failing.keep)).rejects.toMatchObject({
      status: 503,
      code: 'EINVOICE_RECEIPT_PENDING',
    });
    const { fins } = await expectTotalsConsistent(user._id);
    expect(fins).toHaveLength(1);
    expect(await markers(user._id)).toHaveLength(1);

    const retry = await bookReceivedEinvoice(user, projectId, upload, failing.keep);
    expect(retry.created).toBe(false);
    expect(retry.activity._id).toBe(String(fins[0]?.SK).slice(4));
    expect(failing.kept).toHaveLength(1);
    expect(failing.kept[0]).toMatchObject({
      filename: 'Invoice 2026-117.xml',
      contentType: 'application/xml',
    });
    expect(await markers(user._id)).toEqual([]);

    await expect(bookReceivedEinvoice(user, projectId, upload, failing.keep)).rejects.toMatchObject({
      status: 409,
      code: 'EINVOICE_DUPLICATE',
    });
    expect(failing.kept).toHaveLength(1);
    expect((await expectTotalsConsistent(user._id)).fins).toHaveLength(1);
  });

  it('keeps the file once when retries of an unfinished receipt come at the same moment', async () => {
    const { user, projectId } = await freshUser();
    const upload = { bytes: bytesOf(UBL_NL.xml) };
    await expect(bookReceivedEinvoice(user, projectId, upload, recorder(1).keep)).rejects.toMatchObject({
      status: 503,
    });

    const { kept, keep } = recorder();
    const answers = await Promise.allSettled(
      Array.from({ length: 5 }, () => bookReceivedEinvoice(user, projectId, upload, keep)),
    );

    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    expect(
      answers.filter((a) => a.status === 'rejected').map((a) => (a as PromiseRejectedResult).reason.code),
    ).toEqual(['EINVOICE_DUPLICATE', 'EINVOICE_DUPLICATE', 'EINVOICE_DUPLICATE', 'EINVOICE_DUPLICATE']);
    expect(kept).toHaveLength(1);
  });

  it('while a first upload is still keeping its file, a second one at the same moment is a duplicate', async () => {
    const { user, projectId } = await freshUser();
    let release: () => void = () => undefined;
    const slow: KeepReceipt = () =>
      new Promise((resolve) => {
        release = () => resolve(undefined);
      });
    const first = bookReceivedEinvoice(user, projectId, { bytes: bytesOf(CII_DE.xml) }, slow);
    // Wait until the first has stored the expense (its marker is there) and is keeping the file.
    for (let i = 0; i < 100 && (await markers(user._id)).length === 0; i++)
      await new Promise((r) => setTimeout(r, 20));

    await expect(
      bookReceivedEinvoice(user, projectId, { bytes: bytesOf(CII_DE.xml) }, recorder().keep),
    ).rejects.toMatchObject({ code: 'EINVOICE_DUPLICATE' });
    release();
    expect((await first).created).toBe(true);
    expect(await markers(user._id)).toEqual([]);
  });
});
