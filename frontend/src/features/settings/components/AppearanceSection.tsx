import { useTranslation } from '@/i18n';
import { useTheme } from '@/lib/theme';
import { SettingsSection } from './SettingsSection';
import { Switch } from './Switch';

/** Dark mode, kept on this device. */
export function AppearanceSection() {
  const { t } = useTranslation();
  const { darkMode, setDarkMode } = useTheme();
  return (
    <SettingsSection id="settings-look" title={t('settings.appearance')}>
      <Switch label={t('settings.darkMode')} checked={darkMode} onChange={setDarkMode} />
    </SettingsSection>
  );
}
