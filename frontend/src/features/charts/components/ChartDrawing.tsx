import type { ValueFormat } from '@embed/format';
import { lazy, Suspense, useRef } from 'react';
import { useNearScreen } from '@/lib/use-near-screen';
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
  // Drawing one with Victory blocks a phone's main thread for about a tenth of a second, so a chart
  // below the first screen is drawn as it scrolls into it, not while the page is still loading.
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
