/**
 * Reading a typed number (money, hours, a rate) in the user's number format. Both decimal marks are
 * taken: the format's own (`59,90` in de-DE, `59.90` in en-US) and the other one when it cannot be
 * a thousands separator (`59,90` typed in en-US is 59.90, not 5,990). A mark followed by exactly
 * three digits is read as the format says (`1,234` in en-US is 1234; `1.234` in de-DE is 1234);
 * spaces group thousands. What is not a number of that shape — letters, two decimal marks, more
 * decimals than the field keeps, misplaced groups — is refused (null), never guessed.
 */

/** The decimal and grouping marks of a number format, read from `Intl` (no locale tables). */
export interface DecimalMarks {
  decimal: string;
  group: string;
}

const marksCache = new Map<string, DecimalMarks>();

/** The marks `Intl.NumberFormat#formatToParts` uses for `locale` (`en-US` → `.` and `,`). */
export function decimalMarks(locale: string): DecimalMarks {
  let marks = marksCache.get(locale);
  if (!marks) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
    marks = {
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
    };
    marksCache.set(locale, marks);
  }
  return marks;
}

export interface DecimalOptions {
  /** Most digits after the decimal mark (2 for money and hours). */
  decimals?: number;
  /** Most digits before it (9: up to 999,999,999.99). */
  integerDigits?: number;
  /** A leading minus is allowed (an expense shown as negative). */
  negative?: boolean;
}

const SPACE = /[\s\u00a0\u202f]/;
const isSpace = (c: string) => SPACE.test(c);

/** The integer part written with groups (`1,234,567`, `1 234`): groups after the first are 3 digits. */
function ungroup(text: string, group: string | null): string | null {
  if (group === null) return /^\d*$/.test(text) ? text : null;
  const parts = text.split(group);
  const [first = '', ...rest] = parts;
  // `0,500` is no grouping anyone writes: a group never follows a lone zero.
  if (
    !/^\d{1,3}$/.test(first) ||
    (first.startsWith('0') && rest.length > 0) ||
    !rest.every((p) => /^\d{3}$/.test(p))
  )
    return null;
  return parts.join('');
}

/** Which of `.` and `,` is the decimal mark in what was typed, or null when it has none. */
function decimalMarkOf(text: string, marks: DecimalMarks): '.' | ',' | null {
  const dots = text.split('.').length - 1;
  const commas = text.split(',').length - 1;
  if (dots > 0 && commas > 0) return text.lastIndexOf('.') > text.lastIndexOf(',') ? '.' : ',';
  const mark = dots > 0 ? '.' : commas > 0 ? ',' : null;
  if (mark === null) return null;
  if ((mark === '.' ? dots : commas) > 1) return null; // only groups repeat
  if (mark === marks.decimal) return mark;
  // The other mark: a thousands separator when three digits follow and the format groups with it
  // (or with a space, so `.`/`,` followed by three digits is still read as the common grouping).
  const threeAfter = /^\d{3}$/.test(text.slice(text.indexOf(mark) + 1));
  return threeAfter ? null : mark;
}

/**
 * The number typed in `text` for the number format `locale`, or null when it cannot be read.
 * Empty text is null too: a caller that allows an empty field checks for it first.
 */
export function parseDecimal(text: string, locale: string, options: DecimalOptions = {}): number | null {
  const { decimals = 2, integerDigits = 9, negative = false } = options;
  let body = text.trim();
  const minus = /^[-\u2212]/.test(body);
  if (minus) {
    if (!negative) return null;
    body = body.slice(1).trimStart();
  }
  if (body === '' || !/^[\d.,\s\u00a0\u202f]+$/.test(body) || !/^\d|^[.,]\d/.test(body)) return null;
  const marks = decimalMarks(locale);
  const mark = decimalMarkOf(body, marks);
  const cut = mark === null ? body.length : body.lastIndexOf(mark);
  const integerText = body.slice(0, cut);
  const fraction = mark === null ? '' : body.slice(cut + 1);
  if (!new RegExp(`^\\d{0,${decimals}}$`).test(fraction)) return null;
  const grouping = /[.,]/.exec(integerText)?.[0] ?? ([...integerText].some(isSpace) ? ' ' : null);
  if (grouping !== null && /[.,]/.test(integerText) && [...integerText].some(isSpace)) return null;
  const normalised = grouping === ' ' ? integerText.replace(/[\s\u00a0\u202f]/g, ' ') : integerText;
  const digits = integerText === '' ? '0' : ungroup(normalised, grouping);
  if (digits === null || digits.length > integerDigits) return null;
  const value = Number(`${digits}.${fraction || '0'}`);
  return minus && value !== 0 ? -value : value;
}

/** A number as the user's format writes it, with up to the field's decimals (`59,9`, `1.234,56`). */
export function formatDecimal(value: number, locale: string, decimals = 2, minimumDecimals = 0): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: minimumDecimals,
    maximumFractionDigits: decimals,
  }).format(value);
}
