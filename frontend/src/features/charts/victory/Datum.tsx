import { Bar, Path, Point, Slice } from 'victory';
import type { Explore } from './use-explore';

/** A datum as the views hand it to Victory: its id among the chart's points and its words. */
export interface DatumData {
  id: number;
  text: string;
}

/** What Victory passes a data component, plus the chart's {@link Explore}. */
interface DatumProps {
  explore: Explore;
  datum?: DatumData;
  x?: number;
  y?: number;
  events?: Record<string, unknown>;
  [prop: string]: unknown;
}

/**
 * The props that make a drawn datum readable without a mouse: a name that says its value, one tab
 * stop per chart, the handlers that show its tooltip, and `data-point` for the arrow keys to find it.
 */
function readable({ explore, datum, events }: DatumProps, x: number, y: number) {
  const id = datum?.id ?? -1;
  return {
    ariaLabel: datum?.text,
    role: 'img',
    tabIndex: explore.tabStop === id ? 0 : -1,
    events: { ...events, ...explore.handlers(id, x, y) },
    pathComponent: <Path data-point={id} className="chart-datum" />,
  };
}

/**
 * Half the smallest tap target (WCAG 2.2's 24 × 24 px) beyond a point's own radius: a transparent
 * stroke this wide takes the taps and the pointer (a stroke that is painted, if invisibly, is hit),
 * so a 4 px point is no 6 px target on a phone.
 */
export const POINT_TARGET_STROKE = 20;

/** A point of a line chart: drawn small, tapped and hovered across at least 24 px. */
export function FocusablePoint(props: DatumProps) {
  const style = {
    ...(props.style as object | undefined),
    stroke: 'transparent',
    strokeWidth: POINT_TARGET_STROKE,
  };
  return <Point {...props} style={style} {...readable(props, props.x ?? 0, props.y ?? 0)} />;
}

/** A bar; its tooltip sits on the bar's end. */
export function FocusableBar(props: DatumProps) {
  return <Bar {...props} {...readable(props, props.x ?? 0, props.y ?? 0)} />;
}

/** A pie slice; its tooltip sits inside the slice, towards its middle. */
export function FocusableSlice(props: DatumProps) {
  const slice = props.slice as { startAngle: number; endAngle: number } | undefined;
  const origin = (props.origin as { x: number; y: number } | undefined) ?? { x: 0, y: 0 };
  const radius = typeof props.radius === 'number' ? props.radius : 0;
  const middle = slice ? (slice.startAngle + slice.endAngle) / 2 : 0;
  const x = origin.x + radius * 0.6 * Math.sin(middle);
  const y = origin.y - radius * 0.6 * Math.cos(middle);
  return <Slice {...props} {...readable(props, x, y)} />;
}
