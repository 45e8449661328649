import type { Project } from '../api/get-projects';

/** The client filter's value for projects without a client ('' is every project). */
export const NO_CLIENT = 'none';

/** Whether a project passes the client filter ('' every project, `NO_CLIENT`, or a client's id). */
export const ofClient = (p: Project, filter: string) =>
  filter === '' || (filter === NO_CLIENT ? p.clientId == null : p.clientId === filter);
