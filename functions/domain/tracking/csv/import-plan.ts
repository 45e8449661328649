import { ulid } from 'ulid';
import { addClient, foldClientName, listClients, NO_BUYER_DETAILS } from '../../../data/billing/clients';
import type { UserRecord } from '../../../data/identity/users';
import { importIdSecret } from '../../../data/tracking/import-secret';
import { listProjects } from '../../../data/tracking/projects';
import { config } from '../../../lib/config';
import { createImportedProject } from './import-ids';
import type { ImportRow } from './sources';

/**
 * The projects and clients an import writes into: projects matched by name (ignoring case) or
 * created; the client a file names for a project it creates matched by name (ignoring case) or
 * created too, and set on that project. Projects the person has keep their client.
 */

export const nameKey = (name: string) => name.normalize('NFC').toLowerCase();

/** A project the rows will go to: its id and the billable default of rows that do not say. */
export interface ImportProject {
  projectId: string;
  billableByDefault: boolean;
}

/** The new project names of the rows (first spelling wins) and the projects that exist, by name. */
export async function projectPlan(userId: string, rows: readonly { row: ImportRow }[]) {
  const existing = new Map<string, ImportProject>();
  for (const p of await listProjects(userId)) {
    const key = nameKey(p.name);
    if (!existing.has(key)) {
      existing.set(key, { projectId: p.projectId, billableByDefault: p.billableByDefault !== false });
    }
  }
  const missing = new Map<string, string>();
  /** The first client a row names for each new project. */
  const clientOf = new Map<string, string>();
  for (const { row } of rows) {
    const key = nameKey(row.project);
    if (existing.has(key)) continue;
    if (!missing.has(key)) missing.set(key, row.project);
    if (row.kind === 'time' && row.client && !clientOf.has(key)) clientOf.set(key, row.client);
  }
  return { existing, missing, clientOf };
}

/** The ids of the clients named, by folded name: found among the person's, or created. */
async function clientIds(user: UserRecord, names: Iterable<string>, now: string) {
  const ids = new Map<string, string>();
  const clientsCreated: string[] = [];
  for (const c of await listClients(user._id)) ids.set(foldClientName(c.name), c.clientId);
  for (const name of names) {
    const key = foldClientName(name);
    if (ids.has(key)) continue;
    const clientId = ulid();
    const result = await addClient({
      clientId,
      userId: user._id,
      name,
      email: '',
      address: '',
      taxId: '',
      ...NO_BUYER_DETAILS,
      createdAt: now,
      updatedAt: now,
    });
    if (result.ok) {
      ids.set(key, clientId);
      clientsCreated.push(name);
      continue;
    }
    // Created at the same moment by another request: use that one.
    const again = (await listClients(user._id)).find((c) => foldClientName(c.name) === key);
    if (again) ids.set(key, again.clientId);
  }
  return { ids, clientsCreated };
}

/**
 * Creates the missing projects (within the free limit) with their clients. Answers every project
 * the rows may go to by name, the names refused by the limit, and what was created.
 */
export async function createProjects(
  user: UserRecord,
  plan: Awaited<ReturnType<typeof projectPlan>>,
  now: string,
) {
  const { existing, missing, clientOf } = plan;
  const projectLimit = user.premium ? undefined : config.freeProjectLimit;
  const { ids, clientsCreated } = await clientIds(user, new Set(clientOf.values()), now);
  const projectsCreated: string[] = [];
  const refused = new Set<string>();
  // Made once, when the first import creates a project; absent only when the account is gone.
  const secret = missing.size > 0 ? await importIdSecret(user._id) : undefined;
  for (const [key, name] of missing) {
    const client = clientOf.get(key);
    const clientId = (client && ids.get(foldClientName(client))) || null;
    const project =
      secret === undefined
        ? undefined
        : await createImportedProject(user._id, secret, key, name, now, projectLimit, clientId);
    if (project === undefined) {
      refused.add(key);
      continue;
    }
    existing.set(key, { projectId: project.id, billableByDefault: true });
    if (project.created) projectsCreated.push(name);
  }
  return { projects: existing, refused, projectsCreated, clientsCreated };
}
