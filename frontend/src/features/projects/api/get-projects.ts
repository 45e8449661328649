import useSWR from 'swr';
import { api, fetcher } from '../../../lib/api';

/** A project as `GET /api/projects` answers it; totals are kept exact by the server. */
export interface Project {
  _id: string;
  userId: string;
  name: string;
  description: string;
  enableEmbedding: boolean;
  /** Milliseconds. */
  totalHours: number;
  totalIncome: number;
  totalExpenses: number;
  /** Per hour in the user's currency, or null (older answers: absent). */
  hourlyRate?: number | null;
  /** Hours × rate, exact to the cent, computed by the server; null without a rate. */
  trackedValue?: number | null;
}

/** The SWR key of the projects list; every activity change revalidates it (totals move). */
export const PROJECTS_KEY = '/api/projects';

/** GET /api/projects */
export const getProjects = () => api<Project[]>('GET', PROJECTS_KEY);

/** The signed-in user's projects, shared by the list, the picker and the details page. */
export function useProjects() {
  return useSWR<Project[]>(PROJECTS_KEY, fetcher);
}

/** One project of the list by id (`undefined` while loading or when unknown). */
export function useProject(projectId: string | undefined) {
  const swr = useProjects();
  return { ...swr, project: swr.data?.find((p) => p._id === projectId) };
}

/** Profit or loss is derived: income minus expenses, computed in cents so it stays exact. */
export function profitLoss(project: Pick<Project, 'totalIncome' | 'totalExpenses'>): number {
  return (Math.round(project.totalIncome * 100) - Math.round(project.totalExpenses * 100)) / 100;
}
