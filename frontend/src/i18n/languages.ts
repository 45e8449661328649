import { isLanguage, type Language } from '@contract/languages';

export { isLanguage, LANGUAGES, type Language } from '@contract/languages';

/** The browser's first language we speak (`de-AT` → `de`), else English. */
export function browserLanguage(): Language {
  const wanted = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of wanted) {
    const base = tag?.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return 'en';
}

/** Each language by its own name, as a language picker lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch' };
