import { ulid } from 'ulid';
import { signToken } from '../../functions/lib/jwt';
import { seedUser } from '../accounts/helpers';
import { call } from '../api';
import { deliverReceiptEvents } from '../s3-events';

/** A real 1×1 PNG (67 bytes). */
export const PNG = new Uint8Array(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
);

/** A small PDF (what the check reads of it is its `%PDF-` header). */
export const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

/** A seeded premium account (no item limit) with a project and one expense; answers its token and ids. */
export async function accountWithExpense() {
  const user = await seedUser({ premium: true });
  const token = await signToken({ sub: user._id, ver: 0 });
  const project = await call('POST', '/api/projects', { token, body: { name: 'Büro 🏢' } });
  const projectId = project.body._id as string;
  const activityId = await newExpense(token, projectId);
  return { user, userId: user._id, token, projectId, activityId };
}

/** A new expense of the project; answers its id. */
export async function newExpense(token: string, projectId: string, activity = 'Bahnticket'): Promise<string> {
  const made = await call('POST', '/api/financeactivities', {
    token,
    body: { _id: ulid(), projectId, amount: 49.9, expense: true, activity, date: '2026-03-02' },
  });
  if (made.status !== 201) throw new Error(`expense not made: ${made.status} ${JSON.stringify(made.body)}`);
  return made.body._id as string;
}

/** `POST /api/receipts` for a file of `body`'s size. */
export const startUpload = (
  token: string,
  activityId: string,
  body: Uint8Array,
  contentType = 'image/png',
  filename = 'Quittung 🧾.png',
) =>
  call('POST', '/api/receipts', {
    token,
    body: { activityId, filename, contentType, bytes: body.byteLength },
  });

/** PUTs `body` to a presigned URL as the browser does, with the headers the API answered. */
export const put = (url: string, headers: Record<string, string>, body: Uint8Array) =>
  fetch(url, { method: 'PUT', headers, body: new Uint8Array(body) });

/**
 * A receipt uploaded as the app does it: POST, PUT through the presigned URL, then the upload check
 * the bucket's event runs. Answers the receipt's id.
 */
export async function uploadReceipt(
  token: string,
  activityId: string,
  body: Uint8Array = PNG,
  contentType = 'image/png',
  filename = 'Quittung 🧾.png',
): Promise<string> {
  const started = await startUpload(token, activityId, body, contentType, filename);
  if (started.status !== 201)
    throw new Error(`upload refused: ${started.status} ${JSON.stringify(started.body)}`);
  const answer = await put(started.body.uploadUrl, started.body.uploadHeaders, body);
  if (answer.status !== 200) throw new Error(`PUT refused: ${answer.status} ${await answer.text()}`);
  await deliverReceiptEvents();
  return started.body._id as string;
}

/** The receipts an entry is listed with (`GET /api/financeactivities/{projectId}`). */
export async function listedReceipts(token: string, projectId: string, activityId: string) {
  const list = await call('GET', `/api/financeactivities/${projectId}`, { token });
  const entry = (list.body as { _id: string; receipts: unknown[] }[]).find((e) => e._id === activityId);
  return entry?.receipts;
}
