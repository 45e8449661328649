import { createHash } from 'node:crypto';
import { ulid } from 'ulid';
import { addProject, getProject } from '../../../data/tracking/projects';

/** The ids an import gives what it creates: the same for the same input, so a repeat or a race creates nothing twice. */

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A ULID-shaped id that is the same for the same row: the time part is the entry's start (or day),
 * so imported entries sort by when they happened; the 80 random bits are a SHA-256 of the source,
 * the row's content and its occurrence among identical rows of the file.
 */
export function rowId(timeMs: number, seed: string): string {
  let time = '';
  let t = Math.max(0, Math.floor(timeMs));
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const digest = createHash('sha256').update(seed, 'utf8').digest();
  let bits = 0n;
  for (let i = 0; i < 10; i++) bits = (bits << 8n) | BigInt(digest[i] ?? 0);
  let rest = '';
  for (let i = 0; i < 16; i++) {
    rest = CROCKFORD[Number(bits & 31n)] + rest;
    bits >>= 5n;
  }
  return time + rest;
}

const DAY_MS = 86_400_000;

/**
 * Creates the project an import names, or finds the one a parallel import of the same file just
 * created: its id is the same for the same user, name and day (`rowId` of them), so two imports
 * racing put the same key and exactly one of them creates it (audit fix 3 — duplicates used to
 * eat the free project limit). The user's import secret is part of it (`import-secret.ts`), so
 * no other account can predict the id and claim it first (issue 35 item 5). A deleted project of
 * that id still being cleaned up gets a fresh id. `undefined` when the free project limit refuses
 * it. `clientId`: the client the file names for it.
 */
export async function createImportedProject(
  userId: string,
  secret: string,
  key: string,
  name: string,
  now: string,
  projectLimit: number | undefined,
  clientId: string | null = null,
): Promise<{ id: string; created: boolean } | undefined> {
  const day = Math.floor(Date.parse(now) / DAY_MS) * DAY_MS;
  const ids = [rowId(day, `project\n${userId}\n${secret}\n${key}`), ulid()];
  for (const projectId of ids) {
    const result = await addProject(
      {
        projectId,
        userId,
        name,
        description: '',
        enableEmbedding: false,
        totalMs: 0,
        totalIncomeCents: 0,
        totalExpensesCents: 0,
        clientId,
        billableByDefault: true,
        createdAt: now,
      },
      projectLimit,
    );
    if (result.ok) return { id: projectId, created: true };
    if (result.reason === 'limit') return undefined;
    if (await getProject(userId, projectId)) return { id: projectId, created: false };
  }
  return undefined;
}
