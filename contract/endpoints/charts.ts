import * as z from 'zod/mini';
import { endpoint } from '../endpoint';
import { pathId } from '../fields';
import { embedQuerySchema } from '../queries';
import * as r from '../responses';
import { chart, list } from './shapes';

/** The charts and grids of the dashboard and the project screens, and the public embed. */

const signedInChart = { method: 'GET', auth: true, tokenScope: 'read' } as const;

export const getTimePerProjectChart = endpoint({
  ...signedInChart,
  path: '/api/projecttimeperprojectchart',
  ...chart('Time per project'),
});

export const getTimeTrackedChart = endpoint({
  ...signedInChart,
  path: '/api/projecttimetrackedchart',
  ...chart('Time tracked per day, week or month'),
});

export const getProfitLossChart = endpoint({
  ...signedInChart,
  path: '/api/projectprofitlosschart',
  ...chart('Profit and loss over time'),
});

export const getTimePerTaskChart = endpoint({
  ...signedInChart,
  path: '/api/projecttimepertaskchart',
  ...chart('Time per task'),
});

export const getTimePerTaskGrid = endpoint({
  ...signedInChart,
  path: '/api/projecttimepertaskgrid',
  ...chart('Time per task (rows)', list(r.timePerTaskRow)),
});

export const getTimePerSubtaskGrid = endpoint({
  ...signedInChart,
  path: '/api/projecttimepersubtaskgrid',
  ...chart('Time per task and sub-task (rows)', list(r.timePerSubTaskRow)),
});

export const getTotalTimeTrackedChart = endpoint({
  ...signedInChart,
  path: '/api/projecttotaltimetrackedchart',
  ...chart('Total time tracked over time'),
});

export const getProfitLossPerHourChart = endpoint({
  ...signedInChart,
  path: '/api/projectprofitlossperhourchart',
  ...chart('Profit or loss per hour over time'),
});

export const getEmbeddedChart = endpoint({
  method: 'GET',
  path: '/api/embed/{userId}/{projectId}/{chartType}/{chartKind}',
  summary: 'A chart for another site (public; only when embedding is on)',
  auth: false,
  tokenScope: 'none',
  // An id that cannot exist is the same 404 as a chart that is not shared.
  params: () =>
    z.object({
      userId: pathId('CHART_NOT_FOUND'),
      projectId: pathId('CHART_NOT_FOUND'),
      chartType: z.string(),
      chartKind: z.string(),
    }),
  query: embedQuerySchema,
  answers: { 200: r.embeddedChart },
  errors: [404],
});
