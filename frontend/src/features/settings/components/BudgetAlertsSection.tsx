import { useTranslation } from '@/i18n';
import { SettingsSection, type SettingsSectionProps } from './SettingsSection';
import { Switch } from './Switch';

/** Budget alerts by email (`budgetAlerts`): on unless turned off here or by an alert's link. */
export function BudgetAlertsSection({ user, save }: SettingsSectionProps) {
  const { t } = useTranslation();
  return (
    <SettingsSection id="settings-budget-alerts" title={t('budget.unsubscribeTitle')}>
      <Switch
        label={t('budget.alertsSetting')}
        hint={t('budget.alertsSettingHint')}
        checked={user.budgetAlerts}
        disabled={save.saving}
        onChange={(on) => save.change({ budgetAlerts: on })}
      />
    </SettingsSection>
  );
}
