import { useEffect } from 'react';

/** Sets the browser tab's title for a screen; screen readers announce it after navigation. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Timeledger` : 'Timeledger';
  }, [title]);
}
