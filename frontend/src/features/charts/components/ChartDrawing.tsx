import type { ValueFormat } from '@embed/format';
import { lazy, type RefObject, Suspense, startTransition, useEffect, useRef, useState } from 'react';
import type { ChartData } from '../api/chart-query';
import type { ChartKind } from '../lib/chart-kind';

export type { ChartKind };

/**
 * Victory, with every chart drawn by it, is one chunk of its own: loaded by the screens that show
 * charts (dashboard, project details, reports), never by the first screen, and only once a chart
 * comes onto the screen.
 */
const VictoryDrawing = lazy(() => import('../victory/VictoryDrawing'));

/**
 * How far outside the screen a chart starts drawing: none. Drawing one with Victory blocks a
 * phone's main thread for about a tenth of a second, so the charts below the first screen are
 * drawn as they scroll into it (the card's title comes first, the drawing a moment later), not
 * all while the page is still loading.
 */
const AHEAD = '0px';

/** True once the element has come within {@link AHEAD} of the screen (at once without IntersectionObserver). */
function useNearScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        // A transition: React draws the charts in slices that leave the page responsive.
        if (entries.some((e) => e.isIntersecting)) startTransition(() => setNear(true));
      },
      { rootMargin: AHEAD },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

/**
 * The drawing of one chart, by Victory (`../victory/`), in the user's number format and currency:
 * a line, bar or pie whose values can be read by hovering, tapping or with the keyboard, and a
 * legend where there is more than one series. Until it is near the screen, a placeholder of its size.
 */
export function ChartDrawing({
  kind,
  data,
  title,
  format,
  locale,
  choice,
}: {
  kind: ChartKind;
  data: ChartData;
  title: string;
  format: ValueFormat;
  /** The user's number format (shares of a pie). */
  locale?: string;
  /** What the user chose the data by (range, colours): changes of it are animated. */
  choice?: string;
}) {
  const slot = useRef<HTMLDivElement>(null);
  const near = useNearScreen(slot);
  const placeholder = <div className={`chart-placeholder chart-placeholder-${kind}`} />;
  return (
    <div ref={slot} className="chart-slot">
      {near ? (
        <Suspense fallback={placeholder}>
          <VictoryDrawing
            kind={kind}
            data={data}
            title={title}
            format={format}
            locale={locale}
            choice={choice}
          />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
