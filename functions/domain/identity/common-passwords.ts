/**
 * The most common passwords (ASVS 5.0 §6.2.4): the 20,000 most frequent of the `passwords-common`
 * dictionary of `@zxcvbn-ts/language-common` — the same dictionary the strength estimator already
 * loads, so the functions carry the list once. Only entries a new password could be are kept (8 to
 * 200 characters; shorter ones fail the length rule first), folded as a password is compared.
 * Loaded at the first password checked, with the estimator (`password-strength.ts`).
 */

/** How many of the most common passwords are refused (ASVS 5.0 asks for at least 10,000). */
export const TOP = 20_000;
const MIN_LENGTH = 8;
const MAX_LENGTH = 200;

const fold = (password: string) => password.normalize('NFKC').toLowerCase();

/** The entries a new password can match, folded, from the dictionary's list (most common first). */
export function refusedEntries(list: readonly string[]): Set<string> {
  return new Set(
    list
      .slice(0, TOP)
      .map(fold)
      .filter((password) => password.length >= MIN_LENGTH && password.length <= MAX_LENGTH),
  );
}

let common: Promise<Set<string>> | undefined;

/** The refused entries, made once per instance from the dictionary. */
export function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) =>
    refusedEntries(dictionary['passwords-common'] as string[]),
  );
  return common;
}

/** Whether a password is one of the most common ones, in any letter case. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(fold(password));
}
