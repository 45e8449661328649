import type { QuickEntryBar as Bar } from '@/features/activities/components/QuickEntryBar';

/**
 * The quick-entry bar is its own chunk, so the first screen's JavaScript (and every signed-out
 * page) goes without it. A returning user's app asks for it beside the session and the words and
 * shows its first frame with the bar in place (`start.tsx`); a bar drawn after the screen would
 * push the screen down.
 */
let loaded: typeof Bar | undefined;
let loading: Promise<typeof Bar> | undefined;

/** Loads the bar's chunk, once (again after a failure: the network may be back). */
export function loadQuickEntryBar(): Promise<typeof Bar> {
  loading ??= import('@/features/activities/components/QuickEntryBar').then(
    (m) => {
      loaded = m.QuickEntryBar;
      return loaded;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The bar if its chunk is here already. */
export const quickEntryBarIfLoaded = (): typeof Bar | undefined => loaded;
