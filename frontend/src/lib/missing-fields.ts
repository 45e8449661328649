import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';

/**
 * Links to the fields where values an invoice lacks are entered (issue 36): the invoice page links
 * to `/settings/invoice-details?missing=street,iban#street`, the page marks each named field and
 * focuses the one the link targets.
 */

/** The query parameter naming the missing values. */
const MISSING = 'missing';

/**
 * The query and hash of a link to a form: `?missing=street,iban#street` (`extra` first, e.g. the
 * client to edit), `target` the id of the field to focus.
 */
export function missingSearch(
  keys: readonly string[],
  target: string,
  extra: Record<string, string> = {},
): string {
  const query = new URLSearchParams({ ...extra, [MISSING]: keys.join(',') });
  // The list's commas stay readable; URLSearchParams would write %2C.
  return `?${query.toString().replace(/%2C/g, ',')}#${encodeURIComponent(target)}`;
}

/** The values the link named missing (`?missing=street,iban`): none without the parameter. */
export function useAskedMissing(): readonly string[] {
  const [params] = useSearchParams();
  const value = params.get(MISSING) ?? '';
  return useMemo(() => value.split(',').filter(Boolean), [value]);
}

/**
 * Once the form is on screen (`ready`), focuses the field the link targets (the URL's hash) or else
 * the first of `marked`, by the id `idOf` gives it; only on arriving from such a link (`asked`).
 */
export function useFocusMissing(
  ready: boolean,
  asked: readonly string[],
  marked: readonly string[],
  idOf: (key: string) => string,
): void {
  const { hash } = useLocation();
  const done = useRef(false);
  const first = marked[0];
  useEffect(() => {
    if (!ready || done.current || asked.length === 0) return;
    const target = decodeURIComponent(hash.slice(1));
    const element =
      (target ? document.getElementById(target) : null) ??
      (first ? document.getElementById(idOf(first)) : null);
    if (!element) return;
    // After the layout's own effect, which focuses the page's main region on every new address
    // (a parent's effect runs after its children's).
    const timer = setTimeout(() => {
      done.current = true;
      element.focus();
      element.scrollIntoView?.({ block: 'center' });
    }, 0);
    return () => clearTimeout(timer);
  }, [ready, asked, first, hash, idOf]);
}
