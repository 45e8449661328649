import { type RefObject, startTransition, useEffect, useState } from 'react';

/**
 * True once the element has come onto the screen (at once without IntersectionObserver, as in
 * tests). What waits for it — a chart card's drawing, its table for screen readers, Victory itself
 * — is drawn in a transition, in slices that leave the page responsive, and only for the cards a
 * person scrolls to: a phone's first screen shows one or two of the dashboard's five.
 */
export function useNearScreen(ref: RefObject<HTMLElement | null>, ahead = '0px'): boolean {
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) startTransition(() => setNear(true));
      },
      { rootMargin: ahead },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, near, ahead]);
  return near;
}
