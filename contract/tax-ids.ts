/**
 * The checks of a party's identifiers on an e-invoice (CONTRACT §9): an IBAN's mod-97 check digits
 * and a VAT ID's form. Imports nothing: the schemas, the data layer and the app share it.
 */

/** Spaces (people type IBANs and VAT IDs in groups) out, letters in upper case. */
const compact = (s: string) => s.replace(/\s+/g, '').toUpperCase();

/** An IBAN as stored: no spaces, upper case. */
export const normaliseIban = compact;

/**
 * Whether `iban` is an IBAN (ISO 13616): a country, two check digits and 11–30 letters or digits,
 * whose number — the first four characters moved to the end, letters as 10–35 — leaves 1 when
 * divided by 97. Spaces and case do not matter.
 */
export function isValidIban(iban: string): boolean {
  const s = compact(iban);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(s)) return false;
  let rest = 0;
  for (const ch of s.slice(4) + s.slice(0, 4)) {
    const value = ch >= 'A' ? ch.charCodeAt(0) - 55 : ch.charCodeAt(0) - 48;
    rest = value >= 10 ? (rest * 100 + value) % 97 : (rest * 10 + value) % 97;
  }
  return rest === 1;
}

/** A VAT ID as stored: no spaces, upper case. */
export const normaliseVatId = compact;

/** Whether `vatId` has a VAT ID's form: two letters, then 2–13 letters or digits (`DE123456789`). */
export const isVatIdForm = (vatId: string) => /^[A-Z]{2}[A-Z0-9]{2,13}$/.test(compact(vatId));
