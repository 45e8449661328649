import * as z from 'zod/mini';
import { CURRENCIES, EMBED_CHART_KINDS, EMBED_CHART_TYPES, NUMBER_FORMATS } from './enums';
import { type Built, lazy } from './lazy';

/** What the chart and grid endpoints answer (`responses.ts` re-exports it). */

/** One series of a chart: hours or money per label; one colour per slice for a pie. */
export const dataset = /* @__PURE__ */ lazy(() =>
  z.object({
    label: z.string(),
    data: z.array(z.number()),
    borderWidth: z.number(),
    borderColor: z.union([z.string(), z.array(z.string())]),
    backgroundColor: z.union([z.string(), z.array(z.string())]),
  }),
);
export type Dataset = z.infer<Built<typeof dataset>>;

/** A chart answer: Chart.js-shaped labels and datasets. */
export const chartData = /* @__PURE__ */ lazy(() =>
  z.object({ labels: z.array(z.string()), datasets: z.array(dataset()) }),
);
export type ChartData = z.infer<Built<typeof chartData>>;

/** `GET /api/embed/…`: the chart and what the embed needs to draw it as its owner would. */
export const embeddedChart = /* @__PURE__ */ lazy(() =>
  z.object({
    labels: z.array(z.string()),
    datasets: z.array(dataset()),
    chartType: z.enum(EMBED_CHART_TYPES),
    chartKind: z.enum(EMBED_CHART_KINDS),
    showPoweredBy: z.boolean(),
    currency: z.enum(CURRENCIES),
    numberFormat: z.enum(NUMBER_FORMATS),
    projectName: z.string(),
  }),
);
export type EmbeddedChart = z.infer<Built<typeof embeddedChart>>;

/** A row of the time-per-task grid; `totalHours` is milliseconds. */
export const timePerTaskRow = /* @__PURE__ */ lazy(() =>
  z.object({ activity: z.string(), totalHours: z.number() }),
);
export type TimePerTaskRow = z.infer<Built<typeof timePerTaskRow>>;

/** A row of the time-per-sub-task grid; `totalHours` is milliseconds. */
export const timePerSubTaskRow = /* @__PURE__ */ lazy(() =>
  z.object({
    activity: z.string(),
    description: z.string(),
    totalHours: z.number(),
  }),
);
export type TimePerSubTaskRow = z.infer<Built<typeof timePerSubTaskRow>>;
