/** The HTML beside an embedded chart: its legend and its data table for screen readers. */
import { type ChartOptions, type DrawableChart, legendEntries, num } from './chart-model';
import { htmlEl } from './dom';
import type { ValueFormat } from './format';

/**
 * The legend below the chart (`legendEntries`: each slice of a pie with its value and share, each
 * dataset of a chart with more than one), or nothing. Hidden from screen readers, which get the
 * full data table instead.
 */
export function renderLegend(
  doc: Document,
  data: DrawableChart,
  options: ChartOptions,
): HTMLUListElement | undefined {
  const entries = legendEntries(data, options.kind, options.format, options.locale);
  if (entries.length === 0) return undefined;
  const list = htmlEl(doc, 'ul', { class: 'tl-legend', 'aria-hidden': 'true' });
  for (const { color, text } of entries) {
    const swatch = htmlEl(doc, 'span', { class: 'tl-swatch' });
    swatch.style.background = color;
    list.append(htmlEl(doc, 'li', {}, swatch, text));
  }
  return list;
}

/**
 * The chart's data as a table that only screen readers see (`tl-sr`), so every value is available
 * without relying on the picture or on hover tooltips.
 */
export function renderDataTable(
  doc: Document,
  data: DrawableChart,
  format: ValueFormat,
  caption: string,
  firstColumn: string,
): HTMLTableElement {
  const head = htmlEl(doc, 'tr', {}, htmlEl(doc, 'th', { scope: 'col' }, firstColumn));
  for (const d of data.datasets) head.append(htmlEl(doc, 'th', { scope: 'col' }, d.label));
  const body = htmlEl(doc, 'tbody');
  data.labels.forEach((label, i) => {
    const row = htmlEl(doc, 'tr', {}, htmlEl(doc, 'th', { scope: 'row' }, label));
    for (const d of data.datasets) row.append(htmlEl(doc, 'td', {}, format(num(d.data[i]))));
    body.append(row);
  });
  return htmlEl(
    doc,
    'table',
    { class: 'tl-sr' },
    htmlEl(doc, 'caption', {}, caption),
    htmlEl(doc, 'thead', {}, head),
    body,
  );
}
