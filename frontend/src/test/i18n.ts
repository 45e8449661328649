import i18next from 'i18next';
import { setI18nInstance } from '../i18n';
import de from '../i18n/locales/de.json';
import en from '../i18n/locales/en.json';
import { pseudoCatalogue } from '../i18n/pseudo';

/** The tests' i18next: every catalogue loaded up front, plus the pseudo-locale. */
export const testI18n = i18next.createInstance();
await testI18n.init({
  lng: 'en',
  fallbackLng: false,
  resources: {
    en: { translation: en },
    de: { translation: de },
    pseudo: { translation: pseudoCatalogue(en) },
  },
  interpolation: { escapeValue: false },
  initAsync: false,
});

/**
 * Renders from now on in `language`. `pinned` keeps it there whatever the user's setting or the
 * browser say (the pseudo-locale is neither).
 */
export async function setTestLanguage(language: 'en' | 'de' | 'pseudo', pinned = language === 'pseudo') {
  await testI18n.changeLanguage(language);
  setI18nInstance(testI18n, { pinned });
}
