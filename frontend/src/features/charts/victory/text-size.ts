import { TextSize } from 'victory';

/**
 * Victory sizes every label's text by writing it into a hidden SVG element and reading its box: a
 * forced layout for each new label, in the middle of the chart's render. Every VictoryLabel does
 * it, although the size only matters for a label's background (which these charts never draw);
 * it was the largest part of a chart's first drawing on a phone. Victory keeps the measuring
 * replaceable and has its own estimate from font metrics, which it uses where there is no DOM:
 * the charts use that estimate everywhere. (Axis labels are thinned by length in
 * `CartesianView.tsx`, not by measured text; tooltips and legends are the app's own HTML.)
 */
export function estimateTextSizes(): void {
  const sizing = TextSize._approximateTextSizeInternal;
  const measure = sizing.impl;
  if ((measure as { estimated?: true }).estimated) return;
  const estimate: typeof measure = (text, style) => measure(text, style, true);
  sizing.impl = Object.assign(estimate, { estimated: true as const });
}
