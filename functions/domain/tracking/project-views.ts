import type { Project } from '../../../contract/responses';
import type { ProjectRecord } from '../../data/tracking/projects';
import { queryDayRollups } from '../../data/tracking/rollup-queries';
import { currentMonth } from './budgets';
import { toProject } from './responses';

/**
 * The time a project's budget counts at `now`: all its time for a total budget (or none), the
 * current calendar month's (UTC) for a monthly one — one Query of at most 31 day rollups.
 */
export async function budgetPeriodMs(project: ProjectRecord, now = new Date()): Promise<number> {
  if (project.budget?.period !== 'monthly') return project.totalMs;
  const { firstDay, lastDay } = currentMonth(now);
  const days = await queryDayRollups(project.userId, project.projectId, firstDay, lastDay);
  return days.reduce((sum, d) => sum + d.timeMs, 0);
}

/** One project as answered, with its budget figures for `now`. */
export async function projectView(project: ProjectRecord, now = new Date()): Promise<Project> {
  return toProject(project, await budgetPeriodMs(project, now));
}

/** Projects as answered, with their budget figures (the monthly ones' months read in parallel). */
export function projectViews(projects: ProjectRecord[], now = new Date()): Promise<Project[]> {
  return Promise.all(projects.map((p) => projectView(p, now)));
}
