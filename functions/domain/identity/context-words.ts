/**
 * Context-specific words (ASVS 5.0 V6.2.11): words an attacker tries first against this
 * application whoever the account is — its name, and the seasons (English and German) that a
 * season-plus-year password (`Summer2026!`, `Winter2025`, `Sommer2026`) is made of. A password
 * built only from such words, digits, spaces and punctuation is refused; a longer one that merely
 * holds one is scored by zxcvbn-ts with these words as its own dictionary.
 */
export const CONTEXT_WORDS: readonly string[] = [
  'timeledger',
  'time ledger',
  'time-ledger',
  'ledger',
  'spring',
  'summer',
  'autumn',
  'fall',
  'winter',
  'frühling',
  'fruehling',
  'fruhling',
  'frühjahr',
  'fruehjahr',
  'sommer',
  'herbst',
];

/** Letters a password writes for others (`T1meledger`, `Summ3r`, `$ommer`), mapped back. */
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};

/** Longest first, so `timeledger` is taken whole before `ledger`. */
const byLength = [...CONTEXT_WORDS].sort((a, b) => b.length - a.length);

/** Removes every context word from `text` (already folded); what is left, with only letters kept. */
function lettersWithoutContextWords(text: string): string {
  let rest = text;
  for (const word of byLength) rest = rest.split(word).join(' ');
  return rest.replace(/[^\p{L}]+/gu, '');
}

/**
 * Whether a (case-folded) password is nothing but context words with digits, spaces and
 * punctuation around them — `timeledger2026`, `summer2026!`, `herbst 2025`, `t1meledger!` — read
 * as written and with look-alike digits read as letters.
 */
export function onlyContextWords(folded: string): boolean {
  const leet = [...folded].map((c) => LEET[c] ?? c).join('');
  return [folded, leet].some((text) => {
    const hasWord = byLength.some((word) => text.includes(word));
    return hasWord && lettersWithoutContextWords(text) === '';
  });
}
