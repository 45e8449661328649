/**
 * Writing XML by hand, safely: every text goes through {@link xmlText} (characters XML 1.0 forbids
 * removed — C0 controls but tab, line feed and carriage return, lone surrogates, U+FFFE/U+FFFF —
 * and `&`, `<`, `>` and `"` escaped, carriage returns as `&#13;` so they survive parsing), and the
 * figures are written exactly from integers.
 */

const FORBIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters being removed.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text without the characters XML 1.0 cannot carry (NFC-composed, as the PDF draws it). */
export const cleanText = (text: string) => text.normalize('NFC').replace(FORBIDDEN, '');

/** Whether a text has anything to show once cleaned (an optional element is left out when not). */
export const hasText = (text: string | undefined): text is string =>
  text !== undefined && cleanText(text).trim() !== '';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\r': '&#13;',
};

/** The text as XML character data or attribute value. */
export const xmlText = (text: string) => cleanText(text).replace(/[&<>"\r]/g, (ch) => ESCAPES[ch]!);

export type Attributes = Record<string, string | undefined>;
/** A child: serialised XML, or nothing (left out). */
export type Child = string | false | undefined | null;

const attributes = (attrs: Attributes) =>
  Object.entries(attrs)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${xmlText(value)}"`)
    .join('');

/** An element holding text. */
export const leaf = (name: string, text: string, attrs: Attributes = {}) =>
  `<${name}${attributes(attrs)}>${xmlText(text)}</${name}>`;

/** An element holding text, or nothing when the text is absent or blank. */
export const optionalLeaf = (name: string, text: string | undefined, attrs: Attributes = {}) =>
  hasText(text) ? leaf(name, text, attrs) : undefined;

/** An element holding other elements (the absent ones left out). */
export const node = (name: string, children: Child[], attrs: Attributes = {}) =>
  `<${name}${attributes(attrs)}>${children.filter((c) => typeof c === 'string').join('')}</${name}>`;

/** A text that must not be empty (a name): the cleaned text, or a dash when nothing is left. */
export const required = (text: string) => (hasText(text) ? text : '-');

/** Cents as a decimal amount with two decimals (1234 → "12.34"). */
export function amount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Thousandths as a decimal without trailing zeros (1500 → "1.5", 2000 → "2"). */
export function thousandths(value: number): string {
  const whole = Math.floor(value / 1000);
  const fraction = String(value % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
}

/** Hundredths of a percent as a percentage (1900 → "19", 725 → "7.25"). */
export function percent(hundredths: number): string {
  const whole = Math.floor(hundredths / 100);
  const fraction = String(hundredths % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
}

/** yyyy-mm-dd as CII's date format 102 (yyyymmdd). */
export const date102 = (isoDay: string) => isoDay.slice(0, 10).replaceAll('-', '');

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
