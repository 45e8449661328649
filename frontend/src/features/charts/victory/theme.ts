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

/**
 * Victory's `animate` prop: a short transition once the user has changed what a chart shows
 * (`changed`: another range, new colours), or none when the user asked for reduced motion. A
 * chart is not animated as it first appears, nor as it settles while the page loads (the user's
 * number format arriving after the data redraws it): every frame of an animation draws the whole
 * chart again, and on a phone the dashboard's first load spent over half a second of main thread
 * on frames nobody asked for.
 */
export function useAnimation(changed: boolean): { duration: number } | undefined {
  const reduced = useSyncExternalStore(subscribe, reducedMotion, () => true);
  return reduced || !changed ? undefined : { duration: 300 };
}
