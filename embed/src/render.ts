/**
 * Hand-written SVG charts (line, bar, pie) — no chart library, so the bundle stays a few KB.
 * Everything is built with DOM calls and `textContent`, never `innerHTML`: labels come from user
 * data (task and project names) and must not become markup on someone else's page.
 */
import {
  type ChartOptions,
  chartSeries,
  type DrawableChart,
  hasData,
  lineColor,
  num,
  pick,
  pieSlices,
} from './chart-model';
import { htmlEl, svgEl } from './dom';
import { niceTicks } from './format';

export { renderDataTable, renderLegend } from './render-html';
export { type ChartOptions, type DrawableChart, hasData, htmlEl, svgEl };

/** Two-decimal coordinates keep the markup short without visible loss. */
function r2(value: number): number {
  return Math.round(value * 100) / 100;
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * The chart as an accessible SVG: `role="img"`, named by `aria-label` and `<title>`, summarised in
 * `<desc>`; each point, bar or slice carries a `<title>` with its label and value (a tooltip).
 */
export function renderChart(doc: Document, data: DrawableChart, options: ChartOptions): SVGSVGElement {
  const { width, height, title } = options;
  const root = svgEl(
    doc,
    'svg',
    {
      role: 'img',
      'aria-label': title,
      viewBox: `0 0 ${width} ${height}`,
      width: '100%',
      height,
      class: `tl-chart tl-${options.kind}`,
    },
    svgEl(doc, 'title', {}, title),
    svgEl(doc, 'desc', {}, options.summary),
  ) as SVGSVGElement;
  if (options.kind === 'pie') drawPie(doc, root, data, options);
  else drawCartesian(doc, root, data, options);
  return root;
}

/** Where a line or bar chart's values and labels go: the value scale, the label bands and the ticks. */
interface Frame {
  top: number;
  plotHeight: number;
  left: number;
  plotWidth: number;
  band: number;
  ticks: number[];
  tickLabels: string[];
  y: (value: number) => number;
  center: (index: number) => number;
}

function frameOf(data: DrawableChart, options: ChartOptions): Frame {
  const { width, height, format } = options;
  const n = data.labels.length;
  const values = data.datasets.flatMap((d) => d.data.slice(0, n).map(num));
  const top = 12;
  const plotHeight = height - top - 26;
  const ticks = niceTicks(
    Math.min(0, ...values),
    Math.max(0, ...values),
    Math.max(2, Math.floor(plotHeight / 48)),
  );
  const tickLabels = ticks.map((t) => format(t, true));
  const lo = ticks[0] ?? 0;
  const hi = ticks[ticks.length - 1] ?? 1;
  // No layout engine to measure text before it is shown: estimate from the character count.
  const left = 22 + Math.max(...tickLabels.map((t) => t.length)) * 6.5;
  const plotWidth = Math.max(10, width - left - 10);
  const band = plotWidth / Math.max(1, n);
  const y = (v: number) => r2(top + ((hi - v) / (hi - lo || 1)) * plotHeight);
  const center = (i: number) => r2(left + (i + 0.5) * band);
  return { top, plotHeight, left, plotWidth, band, ticks, tickLabels, y, center };
}

/** The value grid with its ticks, the axis title and every k-th label (never overlapping). */
function drawAxes(doc: Document, data: DrawableChart, options: ChartOptions, f: Frame): SVGElement {
  const { left, plotWidth, y, center, top, plotHeight } = f;
  const axis = svgEl(doc, 'g', { class: 'tl-axis', 'aria-hidden': 'true' });
  f.ticks.forEach((t, i) => {
    axis.append(
      svgEl(doc, 'line', {
        class: t === 0 ? 'tl-zero' : 'tl-grid',
        x1: left,
        x2: r2(left + plotWidth),
        y1: y(t),
        y2: y(t),
      }),
      svgEl(
        doc,
        'text',
        { class: 'tl-tick', x: left - 6, y: y(t) + 4, 'text-anchor': 'end' },
        f.tickLabels[i],
      ),
    );
  });
  axis.append(
    svgEl(
      doc,
      'text',
      {
        class: 'tl-axis-title',
        transform: `translate(11 ${r2(top + plotHeight / 2)}) rotate(-90)`,
        'text-anchor': 'middle',
      },
      options.axisTitle,
    ),
  );
  const longest = Math.min(16, Math.max(1, ...data.labels.map((l) => l.length)));
  const every = Math.max(1, Math.ceil((longest * 6.5 + 10) / f.band));
  data.labels.forEach((label, i) => {
    if (i % every !== 0) return;
    axis.append(
      svgEl(
        doc,
        'text',
        { class: 'tl-label', x: center(i), y: options.height - 8, 'text-anchor': 'middle' },
        shorten(label, 16),
      ),
    );
  });
  return axis;
}

function drawCartesian(doc: Document, root: SVGSVGElement, data: DrawableChart, options: ChartOptions): void {
  const { format, kind } = options;
  const n = data.labels.length;
  const f = frameOf(data, options);
  const { left, band, y, center } = f;
  root.append(drawAxes(doc, data, options, f));

  const series = svgEl(doc, 'g', { class: 'tl-series' });
  const count = data.datasets.length;
  const all = chartSeries(data, format, kind === 'bar' ? 'bar' : 'line');
  data.datasets.forEach((dataset, j) => {
    const points = all[j]?.points ?? [];
    const tip = (p: { text: string }) => svgEl(doc, 'title', {}, p.text);
    if (kind === 'bar') {
      const inner = band * 0.8;
      const barWidth = inner / count;
      points.forEach((p, i) => {
        const top = Math.min(y(p.value), y(0));
        const stroke = pick(dataset.borderColor, i);
        series.append(
          svgEl(
            doc,
            'rect',
            {
              class: 'tl-bar',
              x: r2(left + i * band + band * 0.1 + j * barWidth),
              y: top,
              width: r2(Math.max(1, barWidth - (count > 1 ? 1 : 0))),
              height: r2(Math.max(Math.abs(y(p.value) - y(0)), p.value === 0 ? 0 : 1)),
              fill: p.color,
              'fill-opacity': 0.85,
              ...(stroke ? { stroke, 'stroke-width': 1 } : {}),
            },
            tip(p),
          ),
        );
      });
      return;
    }
    const color = lineColor(dataset);
    const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${center(i)} ${y(p.value)}`).join('');
    // A single translucent background colour (as the API sends for lines) shades the area to zero.
    if (typeof dataset.backgroundColor === 'string' && dataset.backgroundColor !== color && n > 1) {
      const area = `${path}L${center(n - 1)} ${y(0)}L${center(0)} ${y(0)}Z`;
      series.append(
        svgEl(doc, 'path', { class: 'tl-area', d: area, fill: dataset.backgroundColor, stroke: 'none' }),
      );
    }
    series.append(
      svgEl(doc, 'path', {
        class: 'tl-line',
        d: path,
        fill: 'none',
        stroke: color,
        'stroke-width': dataset.borderWidth || 2,
        'stroke-linejoin': 'round',
      }),
    );
    // Dots (with tooltips) while they stay distinguishable; a year of days would be a solid bar.
    if (band >= 6 || n === 1) {
      points.forEach((p, i) => {
        series.append(
          svgEl(doc, 'circle', { class: 'tl-dot', cx: center(i), cy: y(p.value), r: 3, fill: color }, tip(p)),
        );
      });
    }
  });
  root.append(series);
}

function drawPie(doc: Document, root: SVGSVGElement, data: DrawableChart, options: ChartOptions): void {
  const dataset = data.datasets[0];
  if (!dataset) return;
  const slices = pieSlices(data, options.format, options.locale);
  const cx = options.width / 2;
  const cy = options.height / 2;
  const radius = Math.max(10, Math.min(options.width, options.height) / 2 - 6);
  const group = svgEl(doc, 'g', { class: 'tl-series' });
  let angle = -Math.PI / 2;
  for (const slice of slices) {
    const tip = svgEl(doc, 'title', {}, slice.text);
    const sweep = slice.share * 2 * Math.PI;
    // An arc cannot start and end on the same point: a single slice is a full circle.
    if (slices.length === 1) {
      group.append(svgEl(doc, 'circle', { class: 'tl-slice', cx, cy, r: radius, fill: slice.color }, tip));
      break;
    }
    const x0 = r2(cx + radius * Math.cos(angle));
    const y0 = r2(cy + radius * Math.sin(angle));
    angle += sweep;
    const x1 = r2(cx + radius * Math.cos(angle));
    const y1 = r2(cy + radius * Math.sin(angle));
    const large = sweep > Math.PI ? 1 : 0;
    group.append(
      svgEl(
        doc,
        'path',
        {
          class: 'tl-slice',
          d: `M${cx} ${cy}L${x0} ${y0}A${radius} ${radius} 0 ${large} 1 ${x1} ${y1}Z`,
          fill: slice.color,
        },
        tip,
      ),
    );
  }
  root.append(group);
}
