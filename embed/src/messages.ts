/**
 * The embed's labels. Both catalogues are bundled (about 0.5 KB gzipped together): a chart on a
 * foreign page should not cost a second request for its few words.
 */
import { isLanguage, type Language } from '../../contract/enums';
import de from './locales/de.json';
import en from './locales/en.json';

export type EmbedMessages = typeof en;
/** One catalogue per language of the product: a language added there fails `tsc` here until translated. */
const CATALOGUES: Readonly<Record<Language, EmbedMessages>> = { en, de };
type EmbedLanguage = Language;

const base = (tag: string | null | undefined) => tag?.trim().toLowerCase().split('-')[0];
const known = (tag: string | null | undefined): EmbedLanguage | undefined => {
  const b = base(tag);
  return isLanguage(b) ? b : undefined;
};

/**
 * The language of a chart: the snippet's `data-lang`, else the host page's `<html lang>`, else
 * the visitor's browser, else English.
 */
export function embedLanguage(el: Element): EmbedLanguage {
  const nav = el.ownerDocument.defaultView?.navigator;
  return (
    known(el.getAttribute('data-lang')) ??
    known(el.ownerDocument.documentElement.getAttribute('lang')) ??
    known(nav?.language) ??
    'en'
  );
}

export function messagesFor(el: Element): EmbedMessages {
  return CATALOGUES[embedLanguage(el)];
}

/** `{{name}}` placeholders filled in. */
export const fill = (message: string, values: Record<string, string>) =>
  message.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);

export { en as englishMessages };
