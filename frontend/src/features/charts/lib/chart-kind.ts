/** How a chart draws its series: the app's charts and the embed's share these three. */
export type ChartKind = 'line' | 'bar' | 'pie';
