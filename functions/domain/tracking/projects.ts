import { ulid } from 'ulid';
import type { ProjectCreate, ProjectUpdate } from '../../../contract/projects';
import type { Project } from '../../../contract/responses';
import type { UserRecord } from '../../data/identity/users';
import { removeProjectData } from '../../data/tracking/project-cleanup';
import { projectIdUsedByOther } from '../../data/tracking/project-ids';
import {
  getProjectState,
  removedSoFar,
  removeProjectTombstone,
  tombstoneProject,
} from '../../data/tracking/project-tombstones';
import {
  addProject,
  getProject,
  listProjects,
  type ProjectRecord,
  updateProjectFields,
} from '../../data/tracking/projects';
import { removeProjectRules } from '../../data/tracking/recurring-bookings';
import { type Budget, budgetOf, REQUEST_BUDGET_MS } from '../../lib/budget';
import { config } from '../../lib/config';
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors';
import { projectView } from './project-views';
import { removeEntriesReceipts } from './receipts/cleanup';

const show = (record: ProjectRecord): Promise<Project> => projectView(record);

/**
 * The user's stored projects, found by the user's id alone: `GET /api/projects` reads them beside
 * the session check, then answers them as `projectViews` shows them (totals and budget figures).
 */
export function readUserProjects(userId: string): Promise<ProjectRecord[]> {
  return listProjects(userId);
}

/**
 * Creates a project; a free user past `config.freeProjectLimit` gets 403 `FREE_PROJECT_LIMIT`.
 * `created: false` when the client's `_id` was already stored: the stored project, counted once.
 */
export async function createUserProject(
  user: UserRecord,
  input: ProjectCreate,
  now = new Date(),
  budget: Budget = budgetOf(REQUEST_BUDGET_MS),
): Promise<{ created: boolean; project: Project }> {
  const record: ProjectRecord = {
    projectId: input._id ?? ulid(now.getTime()),
    userId: user._id,
    name: input.name,
    description: input.description ?? '',
    enableEmbedding: input.enableEmbedding ?? false,
    totalMs: 0,
    totalIncomeCents: 0,
    totalExpensesCents: 0,
    hourlyRateCents: input.hourlyRate ?? null,
    budget: input.budget ?? null,
    targetRateCents: input.targetHourlyRate ?? null,
    clientId: input.clientId ?? null,
    billableByDefault: input.billableByDefault ?? true,
    createdAt: now.toISOString(),
  };
  // A client-chosen id another account uses (ids are public in embed snippets) is not the caller's
  // to take: it would share that project's index partition (audit fix 1). 404, as for any id of
  // another account. Projects made before the id guard are recognised by their entries.
  if (input._id !== undefined && (await projectIdUsedByOther(user._id, record.projectId))) {
    throw new NotFoundError('PROJECT_NOT_FOUND');
  }
  const result = await addProject(record, user.premium ? undefined : config.freeProjectLimit);
  if (result.ok) return { created: true, project: await show(record) };
  if (result.reason === 'taken') throw new NotFoundError('PROJECT_NOT_FOUND');
  if (result.reason === 'no-client') throw new NotFoundError('CLIENT_NOT_FOUND');
  if (result.reason === 'exists') {
    const stored = await getProject(user._id, record.projectId);
    if (stored) return { created: false, project: await show(stored) };
    // The id is a deleted project's whose clean-up is pending. The user deleted that project and
    // now creates one: it must start empty, never with the old entries' rollups. So finish the
    // clean-up first (within this request's budget), then create; if it does not fit, 409.
    const state = await getProjectState(user._id, record.projectId);
    if (state.state === 'deleting') {
      const { done } = await finishProjectDeletion(user._id, record.projectId, state.deletedAt, budget);
      if (!done) throw new ConflictError('PROJECT_BEING_DELETED');
    }
    const again = await addProject(record, user.premium ? undefined : config.freeProjectLimit);
    if (again.ok) return { created: true, project: await show(record) };
    if (again.reason === 'taken') throw new NotFoundError('PROJECT_NOT_FOUND');
    if (again.reason === 'exists') throw new ConflictError('PROJECT_BEING_DELETED');
    if (again.reason === 'no-client') throw new NotFoundError('CLIENT_NOT_FOUND');
  }
  throw new ForbiddenError('FREE_PROJECT_LIMIT', { values: { limit: config.freeProjectLimit } });
}

/**
 * Edits a project's name, description, embedding flag, hourly rate, budget, target, client or
 * billable default; another user's project or client is a 404.
 */
export async function updateUserProject(
  user: UserRecord,
  projectId: string,
  input: ProjectUpdate,
  now = new Date(),
): Promise<Project> {
  const updated = await updateProjectFields(
    user._id,
    projectId,
    {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description ?? '' } : {}),
      ...(input.enableEmbedding !== undefined ? { enableEmbedding: input.enableEmbedding } : {}),
      ...(input.hourlyRate !== undefined ? { hourlyRateCents: input.hourlyRate } : {}),
      ...(input.budget !== undefined ? { budget: input.budget } : {}),
      ...(input.targetHourlyRate !== undefined ? { targetRateCents: input.targetHourlyRate } : {}),
      ...(input.clientId !== undefined ? { clientId: input.clientId } : {}),
      ...(input.billableByDefault !== undefined ? { billableByDefault: input.billableByDefault } : {}),
    },
    now.toISOString(),
  );
  if (updated === 'no-client') throw new NotFoundError('CLIENT_NOT_FOUND');
  if (!updated) throw new NotFoundError('PROJECT_NOT_FOUND');
  return show(updated);
}

/**
 * Continues a pending project deletion within `budget`: removes its entries (uncounted), rollups
 * and task index, then the tombstone. `done` once nothing of the project is left;
 * `removedActivities` is what the deletion removed in all (so far, when not done).
 */
export async function finishProjectDeletion(
  userId: string,
  projectId: string,
  deletedAt: string,
  budget: Budget,
): Promise<{ done: boolean; removedActivities: number }> {
  const outcome = await removeProjectData(
    userId,
    projectId,
    deletedAt,
    budget,
    removeEntriesReceipts(userId),
  );
  if (outcome === 'pending') {
    return { done: false, removedActivities: await removedSoFar(userId, projectId) };
  }
  // Its recurring-expense rules go too (uncounted), before the tombstone that marks the deletion pending.
  await removeProjectRules(userId, projectId);
  // `undefined`: a concurrent clean-up (another DELETE, the sweep) removed the tombstone first.
  return { done: true, removedActivities: (await removeProjectTombstone(userId, projectId)) ?? 0 };
}

/**
 * Deletes a project. ONE transaction makes it a tombstone and uncounts it: from then on it is gone
 * for every reader (lists, charts, grids, embeds, suggestions, export, its entries) and no entry can
 * be written into it. Its entries (uncounted), rollups and task index are then removed within the
 * request's time budget; what does not fit is left to a repeated DELETE (which continues the
 * clean-up and answers the same) or the scheduled sweep (`sweepDeletions`). Another user's id or a
 * finished deletion: 404.
 */
export async function deleteUserProject(
  user: UserRecord,
  projectId: string,
  budget: Budget = budgetOf(REQUEST_BUDGET_MS),
  now = new Date(),
) {
  let deletedAt = now.toISOString();
  while (!(await tombstoneProject(user._id, projectId, deletedAt))) {
    const state = await getProjectState(user._id, projectId);
    if (state.state === 'absent') throw new NotFoundError('PROJECT_NOT_FOUND');
    if (state.state === 'deleting') {
      deletedAt = state.deletedAt;
      break;
    }
    // Live again: its pending deletion was just finished by a create with the same id. Delete that.
  }
  const { removedActivities } = await finishProjectDeletion(user._id, projectId, deletedAt, budget);
  return { msg: 'Project removed', _id: projectId, removedActivities };
}
