import * as projects from '../../contract/endpoints/projects';
import { listUserProjects } from '../domain/tracking/projects';
import { route } from '../http';

/**
 * GET /api/projects — the caller's projects:
 * `[{_id, userId, name, description, enableEmbedding, totalHours (ms), totalIncome, totalExpenses, profitLoss, createdAt}]`,
 * money as decimals exact to the cent.
 */
export const handler = route(projects.listProjects, async ({ user }) => listUserProjects(user));
