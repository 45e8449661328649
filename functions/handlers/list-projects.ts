import * as projects from '../../contract/endpoints/projects';
import { projectViews } from '../domain/tracking/project-views';
import { readUserProjects } from '../domain/tracking/projects';
import { routeReadingEarly } from '../http';

/**
 * GET /api/projects — the caller's projects:
 * `[{_id, userId, name, description, enableEmbedding, totalHours (ms), totalIncome, totalExpenses, profitLoss, createdAt}]`,
 * money as decimals exact to the cent. The projects are read beside the session check.
 */
export const handler = routeReadingEarly(projects.listProjects, readUserProjects, (_request, records) =>
  projectViews(records),
);
