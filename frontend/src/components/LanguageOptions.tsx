import { LANGUAGE_NAMES, LANGUAGES } from '../i18n/languages';

/**
 * One `<option>` per language of the app, each named in itself (and marked as that language), so
 * a person who cannot read the current one still finds theirs; for a `<select>` that may write its
 * own first option ("The invoice settings' language") above these.
 */
export function LanguageOptions() {
  return LANGUAGES.map((l) => (
    <option key={l} value={l} lang={l}>
      {LANGUAGE_NAMES[l]}
    </option>
  ));
}
