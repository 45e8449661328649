import { type KeyboardEvent, type SyntheticEvent, useCallback, useMemo, useRef, useState } from 'react';

/** The point, bar or slice whose value is shown, and where its tooltip sits (chart units). */
export interface ActivePoint {
  id: number;
  x: number;
  y: number;
}

/** What a focusable datum needs from its chart: whether it is the tab stop, and its handlers. */
export interface Explore {
  active: ActivePoint | null;
  /** The one datum reached by Tab (roving tab index): the active one, else the first visible. */
  tabStop: number;
  /** Event handlers for datum `id` drawn at (`x`, `y`). */
  handlers: (id: number, x: number, y: number) => Record<string, (event: SyntheticEvent) => void>;
}

const STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * Which datum of a chart is being read, by mouse (hover), touch (tap) or keyboard: the chart is one
 * tab stop, the arrow keys (and Home, End) move through the points in order, Escape hides the
 * tooltip. `order` is the ids of the data drawn, in reading order.
 */
export function useExplore(order: readonly number[]) {
  const [active, setActive] = useState<ActivePoint | null>(null);
  const host = useRef<HTMLDivElement>(null);
  const first = order[0] ?? 0;
  const tabStop = active && order.includes(active.id) ? active.id : first;

  const handlers = useCallback((id: number, x: number, y: number) => {
    const show = () => setActive({ id, x, y });
    const hide = (event: SyntheticEvent) => {
      if (event.type === 'mouseleave' && event.currentTarget === document.activeElement) return;
      setActive((a) => (a?.id === id ? null : a));
    };
    return { onFocus: show, onClick: show, onMouseEnter: show, onMouseLeave: hide, onBlur: hide };
  }, []);

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (event.key === 'Escape') return setActive(null);
      const at = order.indexOf(active?.id ?? first);
      const step = STEPS[event.key];
      const to =
        event.key === 'Home' ? 0 : event.key === 'End' ? order.length - 1 : step ? at + step : undefined;
      if (to === undefined) return;
      event.preventDefault();
      const id = order[Math.max(0, Math.min(order.length - 1, to))];
      host.current?.querySelector<SVGElement>(`[data-point="${id}"]`)?.focus();
    },
    [order, active, first],
  );

  const explore: Explore = useMemo(() => ({ active, tabStop, handlers }), [active, tabStop, handlers]);
  return { explore, host, onKeyDown };
}
