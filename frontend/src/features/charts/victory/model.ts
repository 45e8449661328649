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
