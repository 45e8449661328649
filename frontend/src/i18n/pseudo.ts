/**
 * The pseudo-locale of the tests: every message of the English catalogue, accented and wrapped
 * in ⟦…⟧, with its `{{placeholders}}` and `<tags>` left intact. A screen rendered in it shows at a
 * glance (and to a test) any text that did not come from the catalogue.
 */
const ACCENTS: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ó',
  u: 'ú',
  A: 'Á',
  E: 'É',
  I: 'Í',
  O: 'Ó',
  U: 'Ú',
  c: 'ç',
  n: 'ñ',
  y: 'ý',
};

export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

function pseudoMessage(message: string): string {
  // Placeholders and tags stay as they are; only the words between them change.
  const parts = message.split(/(\{\{[^}]+\}\}|<\/?\w+>)/);
  const body = parts.map((part, i) =>
    i % 2 === 1 ? part : part.replace(/[a-zA-Z]/g, (c) => ACCENTS[c] ?? c),
  );
  return `${PSEUDO_OPEN}${body.join('')}${PSEUDO_CLOSE}`;
}

type Catalogue = { [key: string]: string | Catalogue };

export function pseudoCatalogue(catalogue: Catalogue): Catalogue {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, value]) => [
      key,
      typeof value === 'string' ? pseudoMessage(value) : pseudoCatalogue(value),
    ]),
  );
}
