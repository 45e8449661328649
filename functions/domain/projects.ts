import { ulid } from 'ulid';
import * as z from 'zod';
import { removeProjectActivities } from '../data/activity-writes';
import {
  addProject,
  fromProjectItem,
  getProject,
  listProjects,
  type Project,
  type ProjectRecord,
  removeProjectItem,
  toProjectItem,
  updateProjectFields,
} from '../data/projects';
import type { UserRecord } from '../data/users';
import { config } from '../lib/config';
import { ForbiddenError, NotFoundError } from '../lib/errors';
import {
  CLIENT_ID,
  isEntityId,
  MAX_NAME_LENGTH,
  MAX_TEXT_LENGTH,
  requiredTextField,
  textField,
} from './fields';

export const PROJECT_NOT_FOUND = 'Project not found';
export const MAX_PROJECT_NAME_LENGTH = MAX_NAME_LENGTH;
export const MAX_PROJECT_DESCRIPTION_LENGTH = MAX_TEXT_LENGTH;

export const projectLimitMessage = (limit: number) =>
  `Please upgrade to premium to add more than ${limit} projects`;

const name = requiredTextField('Name', MAX_PROJECT_NAME_LENGTH);
const description = textField('Description', MAX_PROJECT_DESCRIPTION_LENGTH).nullable();
const enableEmbedding = z.boolean({ error: 'enableEmbedding must be true or false' });

/**
 * Body of POST /api/projects (other fields, such as totals, are ignored: they are derived). A
 * client `_id` (a ULID) makes a retried create answer the stored project instead of a second one.
 */
export const projectCreateSchema = z.object({
  _id: CLIENT_ID.optional(),
  name,
  description: description.optional(),
  enableEmbedding: enableEmbedding.optional(),
});

/** Body of PUT /api/projects/{id}: any of the editable fields (the client may send the whole project). */
export const projectUpdateSchema = z.object({
  name: name.optional(),
  description: description.optional(),
  enableEmbedding: enableEmbedding.optional(),
});

export type ProjectCreate = z.infer<typeof projectCreateSchema>;
export type ProjectUpdate = z.infer<typeof projectUpdateSchema>;

const show = (record: ProjectRecord): Project => fromProjectItem(toProjectItem(record));

/** The user's projects with their totals. */
export async function listUserProjects(user: UserRecord): Promise<Project[]> {
  return (await listProjects(user._id)).map(show);
}

/**
 * Creates a project; a free user past `config.freeProjectLimit` gets 403 `FREE_PROJECT_LIMIT`.
 * `created: false` when the client's `_id` was already stored: the stored project, counted once.
 */
export async function createUserProject(
  user: UserRecord,
  input: ProjectCreate,
  now = new Date(),
): Promise<{ created: boolean; project: Project }> {
  const record: ProjectRecord = {
    projectId: input._id ?? ulid(now.getTime()),
    userId: user._id,
    name: input.name,
    description: input.description ?? '',
    enableEmbedding: input.enableEmbedding ?? false,
    totalHours: 0,
    totalIncomeCents: 0,
    totalExpensesCents: 0,
    createdAt: now.toISOString(),
  };
  const result = await addProject(record, user.premium ? undefined : config.freeProjectLimit);
  if (result.ok) return { created: true, project: show(record) };
  if (result.reason === 'exists') {
    const stored = await getProject(user._id, record.projectId);
    if (stored) return { created: false, project: show(stored) };
  }
  throw new ForbiddenError(projectLimitMessage(config.freeProjectLimit), 'FREE_PROJECT_LIMIT');
}

/** Edits a project's name, description or embedding flag; another user's id is a 404. */
export async function updateUserProject(
  user: UserRecord,
  projectId: string,
  input: ProjectUpdate,
  now = new Date(),
): Promise<Project> {
  if (!isEntityId(projectId)) throw new NotFoundError(PROJECT_NOT_FOUND, 'PROJECT_NOT_FOUND');
  const updated = await updateProjectFields(
    user._id,
    projectId,
    {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description ?? '' } : {}),
      ...(input.enableEmbedding !== undefined ? { enableEmbedding: input.enableEmbedding } : {}),
    },
    now.toISOString(),
  );
  if (!updated) throw new NotFoundError(PROJECT_NOT_FOUND, 'PROJECT_NOT_FOUND');
  return show(updated);
}

/**
 * Deletes a project and everything derived from it: first the project item (uncounted in the
 * same transaction, after which no activity write can reach the project), then its activities
 * (uncounted), rollups and task index.
 */
export async function deleteUserProject(user: UserRecord, projectId: string) {
  if (!isEntityId(projectId) || !(await removeProjectItem(user._id, projectId))) {
    throw new NotFoundError(PROJECT_NOT_FOUND, 'PROJECT_NOT_FOUND');
  }
  const removedActivities = await removeProjectActivities(user._id, projectId);
  return { msg: 'Project removed', _id: projectId, removedActivities };
}
