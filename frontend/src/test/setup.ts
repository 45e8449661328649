import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach } from 'vitest';
import { setI18nInstance } from '../i18n';
import de from '../i18n/locales/de.json';
import en from '../i18n/locales/en.json';
import { pseudoCatalogue } from '../i18n/pseudo';

// Every catalogue loaded up front, so a test renders at once in whichever language it sets.
const i18n = i18next.createInstance();
await i18n.init({
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

beforeEach(async () => {
  await i18n.changeLanguage('en');
  setI18nInstance(i18n);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
