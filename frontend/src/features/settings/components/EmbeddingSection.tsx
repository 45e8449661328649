import { Link } from 'react-router-dom';
import { rich, useTranslation } from '@/i18n';
import { paths } from '@/lib/paths';
import { SettingsSection, type SettingsSectionProps } from './SettingsSection';
import { Switch } from './Switch';

/** Whether charts may be embedded on other sites, and (premium) whether they say "powered by". */
export function EmbeddingSection({ user, save }: SettingsSectionProps) {
  const { t } = useTranslation();
  return (
    <SettingsSection id="settings-embedding" title={t('settings.embeddingTitle')}>
      <Switch
        label={t('settings.enableEmbedding')}
        hint={t('settings.enableEmbeddingHint')}
        checked={user.enableEmbedding}
        disabled={save.saving}
        onChange={(on) => save.change({ enableEmbedding: on })}
      />
      <Switch
        label={t('settings.showPoweredBy')}
        hint={
          user.premium
            ? t('settings.poweredByHint')
            : rich(t('settings.poweredByPremium'), {
                upgrade: (text) => <Link to={paths.subscribe}>{text}</Link>,
              })
        }
        checked={user.showPoweredBy}
        disabled={!user.premium || save.saving}
        onChange={(on) => save.change({ showPoweredBy: on })}
      />
    </SettingsSection>
  );
}
