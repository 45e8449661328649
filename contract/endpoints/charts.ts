import * as z from 'zod/mini';
import { endpoint } from '../endpoint';
import { pathId } from '../fields';
import { embedQuerySchema } from '../queries';
import * as r from '../responses';
import { chart, list } from './shapes';

/** The charts and grids of the dashboard and the project screens, and the public embed. */

const signedInChart = { method: 'GET', auth: true, tokenScope: 'read' } as const;

export const getTimePerProjectChart = /* @__PURE__ */ endpoint({
  ...signedInChart,
  path: '/api/projecttimeperprojectchart',
  .../* @__PURE__ */ chart('Time per project'),
});

export const getTimeTrackedChart = /* @__PURE__ */ endpoint({
  ...signedInChart,
  path: '/api/projecttimetrackedchart',
  .../* @__PURE__ */ chart('Time tracked per day, week or month'),
});

export const getProfitLossChart = /* @__PURE__ */ endpoint({
  ...signedInChart,
  path: '/api/projectprofitlosschart',
  .../* @__PURE__ */ chart('Profit and loss over time'),
});

export const getTimePerTaskChart = /* @__PURE__ */ endpoint({
  ...signedInChart,
  path: '/api/projecttimepertaskchart',
  .../* @__PURE__ */ chart('Time per task'),
});

export const getTimePerTaskGrid = /* @__PURE__ */ endpoint({
  ...signedInChart,
  path: '/api/projecttimepertaskgrid',
  .../* @__PURE__ */ chart('Time per task (rows)', /* @__PURE__ */ list(r.timePerTaskRow)),
});

export const getTimePerSubtaskGrid = /* @__PURE__ */ endpoint({
  ...signedInChart,
  path: '/api/projecttimepersubtaskgrid',
  .../* @__PURE__ */ chart('Time per task and sub-task (rows)', /* @__PURE__ */ list(r.timePerSubTaskRow)),
});

export const getTotalTimeTrackedChart = /* @__PURE__ */ endpoint({
  ...signedInChart,
  path: '/api/projecttotaltimetrackedchart',
  .../* @__PURE__ */ chart('Total time tracked over time'),
});

export const getProfitLossPerHourChart = /* @__PURE__ */ endpoint({
  ...signedInChart,
  path: '/api/projectprofitlossperhourchart',
  .../* @__PURE__ */ chart('Profit or loss per hour over time'),
});

export const getEmbeddedChart = /* @__PURE__ */ endpoint({
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
