import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { ValidationError } from '../../lib/errors';
import { isCommonPassword } from './common-passwords';
import { CONTEXT_WORDS, onlyContextWords } from './context-words';

/**
 * What a new password must be (ASVS 5.0 §6.2): none of the most common passwords, free of the
 * account's own email address and name, and not among what zxcvbn-ts (an estimator of how many
 * guesses a password takes, with the common-password dictionary and keyboard layouts) scores 0 or 1:
 * under a million guesses — `aaaaaaaa`, `Passw0rd!`, `Summer2024`, eight spaces — nor made only of
 * the application's context words (V6.2.11: its name, a season and a year — `Timeledger2026`,
 * `Summer2026!`, `Herbst2025`; `context-words.ts`). The refusal names the reason, so a person knows
 * what to change.
 */

/** zxcvbn's scores run 0–4; 0 and 1 are fewer than 10^6 guesses, which an offline attack tries at once. */
const LOWEST_ACCEPTED_SCORE = 2;

/** The warnings zxcvbn gives for patterns rather than words: these get their own message. */
const PATTERN_WARNINGS = new Set([
  'simpleRepeat',
  'extendedRepeat',
  'sequences',
  'straightRow',
  'keyPattern',
]);

/** Parts of a name or address shorter than this are too common inside words to refuse. */
const MIN_PERSONAL_PART = 3;

/** A password of this few different characters is a repeat (`aaaaaaaa`, `abababab`), whatever they are. */
const MAX_DISTINCT_FOR_PATTERN = 2;

/**
 * Made at the first password checked, as the estimator below: making a segmenter loads ICU's
 * break rules (about 8 ms), which a cold start of the three password functions would otherwise
 * pay also for the requests that never reach a password check.
 */
let graphemes: Intl.Segmenter | undefined;
const distinctGraphemes = (text: string) => {
  graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  return new Set([...graphemes.segment(text)].map((g) => g.segment)).size;
};

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * The estimator with its dictionaries, loaded at the first password checked: they are most of the
 * three password functions' code (about 480 KB minified), and building them when a function starts
 * would slow every cold start of signup, password change and reset, also for the requests that
 * never get as far as a password check. (Bundled, the `import()` evaluates code already in the file.)
 */
function zxcvbn(): Promise<ZxcvbnFactory> {
  estimator ??= import('@zxcvbn-ts/language-common').then(
    ({ adjacencyGraphs, dictionary }) => new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs }),
  );
  return estimator;
}

const fold = (text: string) => text.normalize('NFKC').toLowerCase();

/** The pieces of the account's email and name a password must not contain (lower-cased). */
export function personalParts(owner: { email?: string; name?: string }): string[] {
  const email = fold(owner.email?.trim() ?? '');
  const local = email.split('@')[0] ?? '';
  const name = fold(owner.name?.trim() ?? '');
  const parts = [email, local, name, ...name.split(/\s+/)];
  return [...new Set(parts.filter((part) => [...part].length >= MIN_PERSONAL_PART))];
}

/**
 * 400 when a new password is too easy to guess, with the reason as its code: one of the most
 * common (`PASSWORD_TOO_COMMON`), holding the email or name (`PASSWORD_PERSONAL`), made of
 * repeats, sequences or keyboard rows (`PASSWORD_PATTERN`), or made only of the application's
 * context words or otherwise scored lowest (`PASSWORD_TOO_WEAK`). The minimum length is checked by
 * the request schema, in code points.
 */
export async function assertStrongPassword(
  password: string,
  owner: { email?: string; name?: string },
  param: string,
): Promise<void> {
  if (await isCommonPassword(password)) throw new ValidationError('PASSWORD_TOO_COMMON', { param });
  const folded = fold(password);
  const parts = personalParts(owner);
  if (parts.some((part) => folded.includes(part))) throw new ValidationError('PASSWORD_PERSONAL', { param });
  // zxcvbn finds repeats by UTF-16 unit, so it misses `𝅘𝅥𝅮` eight times: count what a person sees.
  if (distinctGraphemes(password.toLowerCase()) <= MAX_DISTINCT_FOR_PATTERN)
    throw new ValidationError('PASSWORD_PATTERN', { param });
  if (onlyContextWords(folded)) throw new ValidationError('PASSWORD_TOO_WEAK', { param });
  const result = (await zxcvbn()).check(password, [...parts, ...CONTEXT_WORDS]);
  if (result.score >= LOWEST_ACCEPTED_SCORE) return;
  const pattern = result.feedback.warning !== null && PATTERN_WARNINGS.has(result.feedback.warning);
  throw new ValidationError(pattern ? 'PASSWORD_PATTERN' : 'PASSWORD_TOO_WEAK', { param });
}
