import {
  type ChartSeries,
  chartSeries,
  type DrawableChart,
  type LegendEntry,
  legendEntries,
  type PieSlice,
  pieSlices,
} from '@embed/chart-model';
import type { ValueFormat } from '@embed/format';
import { useMemo } from 'react';
import type { ChartKind } from '../lib/chart-kind';

/** A line chart with more points than this gets an overview to zoom with. */
export const ZOOM_FROM_POINTS = 12;

export interface ChartModel {
  series: ChartSeries[];
  slices: PieSlice[];
  legend: LegendEntry[];
  /** Every datum's words by its id (what its tooltip and accessible name say). */
  texts: Map<number, string>;
  /** The ids in reading order: series after series, left to right; slices clockwise. */
  order: number[];
}

/** What one chart shows, from the shared chart model (`embed/src/chart-model.ts`) the embed draws too. */
export function useChartModel(
  kind: ChartKind,
  data: DrawableChart,
  format: ValueFormat,
  locale: string | undefined,
): ChartModel {
  return useMemo(() => {
    const legend = legendEntries(data, kind, format, locale);
    if (kind === 'pie') {
      const slices = pieSlices(data, format, locale);
      return {
        series: [],
        slices,
        legend,
        texts: new Map(slices.map((s) => [s.index, s.text])),
        order: slices.map((s) => s.index),
      };
    }
    const series = chartSeries(data, format, kind);
    const n = data.labels.length;
    const points = series.flatMap((s, j) => s.points.map((p) => ({ id: j * n + p.index, text: p.text })));
    return {
      series,
      slices: [],
      legend,
      texts: new Map(points.map((p) => [p.id, p.text])),
      order: points.map((p) => p.id),
    };
  }, [kind, data, format, locale]);
}

/** A range of positions along the x axis (0 is the first label) that a zoomed line chart shows. */
export type XDomain = [number, number];

/** The fewest points a zoom shows. */
const MIN_ZOOM_POINTS = 4;

/**
 * The range after one keyboard zoom step on a chart of `n` points: `+` halves the range shown,
 * `-` doubles it, both around `center` (the point being read) and kept inside the chart. Zooming
 * out to the whole range answers `undefined`.
 */
export function zoomStep(
  domain: XDomain | undefined,
  n: number,
  center: number,
  direction: 1 | -1,
): XDomain | undefined {
  const last = Math.max(1, n - 1);
  const [from, to] = domain ?? [0, last];
  const width = direction === 1 ? Math.max(MIN_ZOOM_POINTS - 1, (to - from) / 2) : (to - from) * 2;
  if (width >= last) return undefined;
  const start = Math.min(Math.max(0, center - width / 2), last - width);
  return [Math.round(start), Math.round(start + width)];
}
