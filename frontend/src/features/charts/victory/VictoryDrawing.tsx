import type { DrawableChart } from '@embed/chart-model';
import type { ValueFormat } from '@embed/format';
import { memo, useDeferredValue, useRef } from 'react';
import { hidden, rich, useTranslation } from '@/i18n';
import type { ChartKind } from '../lib/chart-kind';
import { BrushView, CARTESIAN, CartesianView } from './CartesianView';
import { type ChartModel, useChartModel, ZOOM_FROM_POINTS } from './model';
import { PIE, PieView } from './PieView';
import { estimateTextSizes } from './text-size';
import { useAnimation } from './theme';
import { type ActivePoint, useExplore } from './use-explore';
import { useZoom, useZoomKeys } from './use-zoom';

estimateTextSizes();

export interface VictoryDrawingProps {
  kind: ChartKind;
  data: DrawableChart;
  title: string;
  /** Formats a value in the user's number format and currency (`embed/src/format.ts`). */
  format: ValueFormat;
  /** The user's number format, for shares. */
  locale?: string;
  /** What the user chose the data by (range, colours): the chart animates once it differs from the first. */
  choice?: string;
}

/**
 * One chart drawn with Victory (this module is the lazy chunk every chart screen shares): the
 * drawing, a tooltip for the point that is hovered, tapped or focused, the zoom overview of a long
 * line chart and the legend. The chart is one tab stop; the arrow keys move through its values.
 */
export default memo(VictoryDrawing);

function VictoryDrawing({ kind, data, title, format, locale, choice }: VictoryDrawingProps) {
  const { t } = useTranslation();
  const model = useChartModel(kind, data, format, locale);
  const n = data.labels.length;
  const zoomable = kind === 'line' && n > ZOOM_FROM_POINTS;
  const zoom = useZoom(n);
  const domain = zoomable ? zoom.domain : undefined;
  const { explore, host, onKeyDown } = useExplore(zoomable ? zoom.visible(model.order) : model.order);
  const keys = useZoomKeys(zoomable ? zoom : undefined, explore, host, onKeyDown, n);
  const firstChoice = useRef(choice);
  const animate = useAnimation(choice !== firstChoice.current);
  // The zoom overview is a second Victory chart: drawn in a render of its own after the chart, so
  // neither holds the page up for long (a box of its size keeps its place meanwhile).
  const overview = useDeferredValue(zoomable, false);
  const kindWords =
    kind === 'pie'
      ? t('charts.desc.pie', { title })
      : kind === 'bar'
        ? t('charts.desc.bar', { title })
        : t('charts.desc.line', { title });
  const summary = `${kindWords}. ${t('chartExplore.keys')}${zoomable ? ` ${t('chartExplore.zoomKeys')}` : ''}`;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the arrow keys of the focused point bubble here
    <div ref={host} className={`chart-drawing chart-drawing-${kind}`} onKeyDown={keys}>
      <div className="chart-canvas">
        {kind === 'pie' ? (
          <PieView
            slices={model.slices}
            title={title}
            summary={summary}
            explore={explore}
            animate={animate}
          />
        ) : (
          <CartesianView
            kind={kind}
            series={model.series}
            labels={data.labels}
            format={format}
            title={title}
            summary={summary}
            explore={explore}
            domain={domain}
            animate={domain ? undefined : animate}
          />
        )}
        <Tooltip active={explore.active} model={model} size={kind === 'pie' ? PIE : CARTESIAN} />
      </div>
      {zoomable ? (
        overview ? (
          <ZoomOverview zoom={zoom} model={model} labels={data.labels} title={title} />
        ) : (
          <div className="chart-zoom chart-zoom-pending" />
        )
      ) : null}
      <Legend model={model} />
    </div>
  );
}

/** The overview below a long line chart, and the way back to the whole range. */
function ZoomOverview({
  zoom,
  model,
  labels,
  title,
}: {
  zoom: ReturnType<typeof useZoom>;
  model: ChartModel;
  labels: string[];
  title: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="chart-zoom">
      <BrushView
        key={zoom.overview}
        series={model.series}
        labels={labels}
        domain={zoom.domain}
        onZoom={zoom.setDomain}
        title={t('chartExplore.zoom', { title })}
      />
      {zoom.domain ? (
        <button type="button" className="btn btn-ghost btn-small" onClick={zoom.showAll}>
          {rich(t('chartExplore.showAll', { title }), { h: hidden })}
        </button>
      ) : null}
    </div>
  );
}

/** The value of the datum being read, over the drawing (screen readers hear the datum's own name). */
function Tooltip({
  active,
  model,
  size,
}: {
  active: ActivePoint | null;
  model: ChartModel;
  size: { width: number; height: number };
}) {
  const text = active ? model.texts.get(active.id) : undefined;
  if (!active || !text) return null;
  const left = (active.x / size.width) * 100;
  return (
    <div
      className={`chart-tooltip${left > 65 ? ' chart-tooltip-left' : left < 35 ? ' chart-tooltip-right' : ''}`}
      aria-hidden="true"
      style={{ left: `${left}%`, top: `${(active.y / size.height) * 100}%` }}
    >
      {text}
    </div>
  );
}

/** Each slice of a pie, or each series of a chart with more than one (the data table has every value). */
function Legend({ model }: { model: ChartModel }) {
  if (model.legend.length === 0) return null;
  return (
    <ul className="tl-legend" aria-hidden="true">
      {model.legend.map((entry) => (
        <li key={entry.text}>
          <span className="tl-swatch" style={{ background: entry.color }} />
          {entry.text}
        </li>
      ))}
    </ul>
  );
}
