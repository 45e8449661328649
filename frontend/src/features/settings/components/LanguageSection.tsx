import { Field } from '@/components';
import { LANGUAGES, type Language, useTranslation } from '@/i18n';
import { SettingsSection, type SettingsSectionProps } from './SettingsSection';

/** Each language named in itself, so a person who cannot read the current one still finds theirs. */
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch' };

/** The language of the app and of the emails. */
export function LanguageSection({ user, save }: SettingsSectionProps) {
  const { t, language } = useTranslation();
  return (
    <SettingsSection id="settings-language" title={t('settings.languageTitle')}>
      <div className="form">
        <Field label={t('settings.language')}>
          <select
            lang={language}
            value={user.language ?? language}
            disabled={save.saving}
            onChange={(e) => save.change({ language: e.target.value as Language })}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </SettingsSection>
  );
}
