import { type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { type XDomain, zoomStep } from './model';
import type { Explore } from './use-explore';

/** `+` (or `=`, unshifted on many keyboards) zooms in, `-` out. */
const ZOOM_KEYS: Record<string, 1 | -1> = { '+': 1, '=': 1, '-': -1 };

const inDomain = (x: number, [from, to]: XDomain) => x >= from - 0.5 && x <= to + 0.5;

/**
 * The range a long line chart of `n` points shows, chosen on its overview (drag) or by keyboard
 * (`+`/`-` around the value being read). `overview` changes whenever the range is set from outside
 * the overview, so it is drawn anew: its brush keeps its own selection otherwise.
 */
export function useZoom(n: number) {
  const [domain, setDomain] = useState<XDomain | undefined>(undefined);
  const [overview, setOverview] = useState(0);
  const showAll = () => {
    setDomain(undefined);
    setOverview((o) => o + 1);
  };
  const zoomBy = (center: number, direction: 1 | -1) => {
    setDomain((d) => zoomStep(d, n, center, direction));
    setOverview((o) => o + 1);
  };
  /** The ids of `order` (series after series, `n` a series) inside the range. */
  const visible = (order: number[]) => (domain ? order.filter((id) => inDomain(id % n, domain)) : order);
  return { domain, setDomain, overview, showAll, zoomBy, visible };
}

/**
 * The chart's key handler: the zoom keys when `zoomable`, else the explore keys. The chart is
 * drawn anew for the new range, so the keyboard is put back on the value being read.
 */
export function useZoomKeys(
  zoom: ReturnType<typeof useZoom> | undefined,
  explore: Explore,
  host: RefObject<HTMLDivElement | null>,
  onKeyDown: (event: KeyboardEvent) => void,
  n: number,
) {
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    host.current?.querySelector<SVGElement>(`[data-point="${explore.tabStop}"]`)?.focus();
  });
  return (event: KeyboardEvent) => {
    const direction = ZOOM_KEYS[event.key];
    if (!zoom || !direction) return onKeyDown(event);
    event.preventDefault();
    zoom.zoomBy((explore.active?.id ?? explore.tabStop) % n, direction);
    refocus.current = true;
  };
}
