import { Field, LanguageOptions } from '@/components';
import { type Language, useTranslation } from '@/i18n';
import { SettingsSection, type SettingsSectionProps } from './SettingsSection';

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
            <LanguageOptions />
          </select>
        </Field>
      </div>
    </SettingsSection>
  );
}
