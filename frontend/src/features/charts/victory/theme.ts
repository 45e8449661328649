import { useSyncExternalStore } from 'react';

/**
 * Victory's styles in the app's theme: every colour is a CSS variable of `styles.css`, so one
 * drawing follows the dark and the light theme (and a switch between them) without re-rendering.
 */
const TEXT = { fill: 'var(--text-muted)', fontSize: 12, fontFamily: 'inherit' };

export const AXIS_STYLE = {
  axis: { stroke: 'var(--border)' },
  tickLabels: { ...TEXT, padding: 4 },
  ticks: { stroke: 'var(--border)', size: 3 },
  grid: { stroke: 'none' },
};

export const VALUE_AXIS_STYLE = {
  axis: { stroke: 'none' },
  tickLabels: { ...TEXT, padding: 4 },
  grid: { stroke: 'var(--chart-grid)', strokeDasharray: '3 4' },
};

/** The slices' outline: the card's own colour, so neighbouring slices stay apart in both themes. */
export const SLICE_STYLE = { data: { stroke: 'var(--surface)', strokeWidth: 1 } };

const REDUCED = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const query = typeof matchMedia === 'function' ? matchMedia(REDUCED) : undefined;
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the user asked for less motion; without `matchMedia` (tests, old browsers) no animation. */
const reducedMotion = () => (typeof matchMedia === 'function' ? matchMedia(REDUCED).matches : true);

/** Victory's `animate` prop: a short transition, or none when the user asked for reduced motion. */
export function useAnimation(): { duration: number; onLoad: { duration: number } } | undefined {
  const reduced = useSyncExternalStore(subscribe, reducedMotion, () => true);
  return reduced ? undefined : { duration: 300, onLoad: { duration: 300 } };
}
