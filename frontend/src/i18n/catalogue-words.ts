/**
 * Every key `catalogueWords` made in this session: the catalogue check (catalogues.test.ts) loads
 * each module that calls it and counts these keys as used, as it does a key written out in the code.
 */
export const madeKeys = new Set<string>();

/**
 * The catalogue keys of a set of choices, one a value, made from their common prefix:
 * `catalogueWords('reports.presets', PRESETS)` is `{ thisWeek: 'reports.presets.thisWeek', … }`
 * (with a suffix, `catalogueWords('tax.basis', VAT_BASES, 'Choice')` is
 * `{ cash: 'tax.basis.cashChoice', … }`). Each key is typed to the letter, so `t(words[value])`
 * fails the typecheck where a catalogue lacks it, as a key written out does.
 */
export function catalogueWords<const P extends string, const V extends string, const S extends string = ''>(
  prefix: P,
  values: readonly V[],
  suffix?: S,
): { readonly [K in V]: `${P}.${K}${S}` } {
  const words: Record<string, string> = {};
  for (const value of values) {
    words[value] = `${prefix}.${value}${suffix ?? ''}`;
    madeKeys.add(words[value]);
  }
  return words as { readonly [K in V]: `${P}.${K}${S}` };
}
