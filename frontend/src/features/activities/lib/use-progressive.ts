import { useCallback, useEffect, useRef, useState } from 'react';

/** Rows a list shows at first. */
export const FIRST_ROWS = 4;

/**
 * Progressive loading of a list: the first 4 rows, then one more at a time —
 * while the end of the list is on screen (an IntersectionObserver on a sentinel) or on 'Show more'.
 */
export function useProgressive(total: number) {
  const [shown, setShown] = useState(FIRST_ROWS);
  const sentinel = useRef<HTMLDivElement | null>(null);
  const more = useCallback(() => setShown((n) => Math.min(n + 1, Math.max(total, FIRST_ROWS))), [total]);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || typeof IntersectionObserver === 'undefined' || shown >= total) return;
    let frame = 0;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) frame = requestAnimationFrame(more);
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [shown, total, more]);

  return { shown: Math.min(shown, total), hasMore: shown < total, more, sentinel };
}
