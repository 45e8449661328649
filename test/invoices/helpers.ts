import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestUser } from '../activities/helpers';
import { call } from '../api';

/** Helpers of the invoice API tests: a client with projects and billable time, through the API. */

const ok = (res: { status: number; body: unknown }, status: number, what: string) => {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Record<string, unknown>;
};

export async function newClient(user: TestUser, name: string, extra: Record<string, unknown> = {}) {
  const body = ok(
    await call('POST', '/api/clients', { token: user.token, body: { name, ...extra } }),
    201,
    'client',
  );
  return body._id as string;
}

export async function clientProject(
  user: TestUser,
  clientId: string | null,
  name: string,
  hourlyRate: number | null,
) {
  const res = await call('POST', '/api/projects', {
    token: user.token,
    body: { name, clientId, hourlyRate },
  });
  return ok(res, 201, 'project')._id as string;
}

export async function entry(
  user: TestUser,
  projectId: string,
  day: string,
  minutes: number,
  extra: Record<string, unknown> = {},
) {
  const res = await call('POST', '/api/timeactivities', {
    token: user.token,
    body: { projectId, date: day, duration: minutes * 60_000, activity: 'Work', ...extra },
  });
  return ok(res, 201, 'entry')._id as string;
}

export const createInvoice = (
  user: TestUser,
  body: Record<string, unknown>,
  query?: Record<string, string>,
) => call('POST', '/api/invoices', { token: user.token, body, ...(query ? { query } : {}) });

export const setStatus = (user: TestUser, id: string, body: Record<string, unknown>) =>
  call('PUT', `/api/invoices/${id}`, { token: user.token, body });

const dir = mkdtempSync(join(tmpdir(), 'invoice-api-'));
let files = 0;

/** A PDF's text as `pdftotext` reads it, whitespace folded. */
export function pdfText(bytes: Uint8Array): string {
  const file = join(dir, `${files++}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}
