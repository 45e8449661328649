import { type ChartOptions, renderChart, renderLegend } from '@embed/render';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from '@/i18n';
import type { ChartData } from '../api/chart-query';

export type ChartKind = 'line' | 'bar' | 'pie';

/** The drawing's size in SVG units; it scales to the card's width. */
const SIZE: Record<ChartKind, { width: number; height: number }> = {
  line: { width: 460, height: 270 },
  bar: { width: 460, height: 270 },
  pie: { width: 300, height: 300 },
};

/**
 * The drawing of one chart, made by the embed's SVG renderer (the same code draws a chart on the
 * dashboard and on a site that embeds it): axes with ticks in the user's formats, a tooltip per
 * point, bar or slice, and for a pie a legend with each slice's value and share. The SVG is an
 * image named by the chart's title and described for screen readers.
 */
export function ChartDrawing({
  kind,
  data,
  title,
  format,
}: {
  kind: ChartKind;
  data: ChartData;
  title: string;
  format: (value: number) => string;
}) {
  const { t, language } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const summary =
    kind === 'pie'
      ? t('charts.desc.pie', { title })
      : kind === 'bar'
        ? t('charts.desc.bar', { title })
        : t('charts.desc.line', { title });

  useLayoutEffect(() => {
    const element = host.current;
    if (!element) return;
    const options: ChartOptions = {
      kind,
      ...SIZE[kind],
      format,
      title,
      axisTitle: '',
      summary,
      locale: language,
    };
    const svg = renderChart(document, data, options);
    element.replaceChildren(svg, ...(kind === 'pie' ? [renderLegend(document, data, options)] : []));
  }, [kind, data, title, format, summary, language]);

  return <div ref={host} className={`chart-drawing chart-drawing-${kind}`} />;
}
