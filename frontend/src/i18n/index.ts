/**
 * The SPA's messages: i18next with one catalogue per language (`locales/<lng>.json`), each its
 * own lazy chunk, so the first screen loads only the language in use. i18next itself is loaded
 * in the same step, in parallel with the catalogue: it is 16 KB gzipped, more than the first
 * screen's budget allows, and no screen can render before its words anyway.
 */
import type { i18n as I18n, Resource, TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import { browserLanguage, isLanguage, type Language } from './languages';
import type en from './locales/en.json';

export { browserLanguage, isLanguage, LANGUAGES, type Language } from './languages';
export { hidden, rich } from './rich';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en };
    returnNull: false;
  }
}

/** The last language a signed-in user had, for the first frame of the next visit. */
export const LANGUAGE_KEY = 'language';

const catalogues: Record<Language, () => Promise<{ default: Resource[string]['translation'] }>> = {
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
};

let instance: I18n | undefined;
/** Set by tests that render in a fixed language (the pseudo-locale): the user's setting is ignored. */
let pinned = false;
const listeners = new Set<() => void>();
let version = 0;

function notify() {
  version++;
  for (const listener of listeners) listener();
}

/** Puts a ready i18next instance in place (the app's, or a test's with its catalogues loaded). */
export function setI18nInstance(i18n: I18n, options: { pinned?: boolean } = {}): void {
  pinned = options.pinned ?? false;
  instance?.off('languageChanged', notify);
  instance = i18n;
  i18n.on('languageChanged', notify);
  document.documentElement.lang = i18n.language;
  notify();
}

/**
 * The language the first frame is drawn in, and the signed-out pages': the one last used in this
 * browser (a signed-in user's, kept after logout), else the browser's.
 */
export function rememberedLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // No storage: the browser's language until the user's setting arrives.
  }
  return browserLanguage();
}

/** Loads i18next and the catalogue of `language` together; resolves when the app can render. */
export async function startI18n(language: Language): Promise<I18n> {
  const [{ default: i18next }, catalogue] = await Promise.all([import('i18next'), catalogues[language]()]);
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { translation: catalogue.default } },
    // React escapes what it renders; escaping here as well would show `&amp;`.
    interpolation: { escapeValue: false },
  });
  setI18nInstance(i18n);
  return i18n;
}

/** Switches the app's language, loading its catalogue first; `<html lang>` follows. */
export async function changeLanguage(language: Language): Promise<void> {
  const i18n = instance;
  if (!i18n || pinned || i18n.language === language) return;
  if (!i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', (await catalogues[language]()).default);
  }
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

function current(): I18n {
  if (!instance) throw new Error('i18n is not started: call startI18n() before rendering');
  return instance;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The translation function of the current language; re-renders the component when it changes. */
export function useTranslation(): { t: TFunction; language: Language } {
  useSyncExternalStore(subscribe, () => version);
  const i18n = current();
  return { t: i18n.t.bind(i18n) as TFunction, language: i18n.language as Language };
}

/** `t` outside React (messages built in plain functions); call it at the time of use. */
export function getT(): TFunction {
  const i18n = current();
  return i18n.t.bind(i18n) as TFunction;
}

/** The language the app speaks now (`pseudo` only in tests). */
export function currentLanguage(): string {
  return current().language;
}

/**
 * The language to write a person's emails in: the one on screen, or English under the tests'
 * pseudo-locale, which the server does not know.
 */
export function emailLanguage(): Language {
  const language = currentLanguage();
  return isLanguage(language) ? language : 'en';
}

/** Whether the current catalogue has `key`. */
export function hasMessage(key: string): boolean {
  return current().exists(key);
}
