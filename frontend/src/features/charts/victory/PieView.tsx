import type { PieSlice } from '@embed/chart-model';
import { VictoryContainer, VictoryPie } from 'victory';
import { FocusableSlice } from './Datum';
import { SLICE_STYLE } from './theme';
import type { Explore } from './use-explore';

/** The pie's size in SVG units; it scales to its place beside the legend. */
export const PIE = { width: 300, height: 300 };

/** No words on the slices: the legend and the tooltips say them. */
const NoLabel = () => null;

/** A pie drawn with Victory: each slice focusable and named by its value and share. */
export function PieView({
  slices,
  title,
  summary,
  explore,
  animate,
}: {
  slices: PieSlice[];
  title: string;
  summary: string;
  explore: Explore;
  animate?: object;
}) {
  return (
    <VictoryPie
      {...PIE}
      padding={6}
      data={slices.map((s) => ({ x: s.label, y: s.value, id: s.index, text: s.text }))}
      colorScale={slices.map((s) => s.color)}
      style={SLICE_STYLE}
      labelComponent={<NoLabel />}
      dataComponent={<FocusableSlice explore={explore} />}
      {...(animate ? { animate } : {})}
      containerComponent={
        <VictoryContainer role="group" title={title} desc={summary} style={{ touchAction: 'pan-y' }} />
      }
    />
  );
}
