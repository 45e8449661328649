import { Button } from '@/components';
import { useTranslation } from '@/i18n';
import type { User } from '@/lib/auth';
import { useTwoFactor } from '../hooks/use-two-factor';
import { SettingsSection } from './SettingsSection';
import { CodesStep, DisableStep, PasswordStep, ScanStep } from './TwoFactorSteps';

/** Two-factor sign-in: whether it is on, and the way to turn it on (scan, confirm, recovery codes) or off. */
export function TwoFactorSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const state = useTwoFactor();
  const { stage } = state;

  function body() {
    if (user.isDemo) return <p>{t('twoFactor.demo')}</p>;
    switch (stage.step) {
      case 'password':
        return <PasswordStep state={state} />;
      case 'scan':
        return <ScanStep state={state} secret={stage.secret} otpauthUrl={stage.otpauthUrl} />;
      case 'codes':
        return <CodesStep state={state} codes={stage.codes} />;
      case 'disable':
        return <DisableStep state={state} />;
      default:
        return (
          <>
            <p>{user.twoFactor ? t('twoFactor.onText') : t('twoFactor.offText')}</p>
            <div className="form-actions">
              {user.twoFactor ? (
                <Button variant="secondary" onClick={state.beginDisable}>
                  {t('twoFactor.turnOff')}
                </Button>
              ) : (
                <Button onClick={state.begin}>{t('twoFactor.turnOn')}</Button>
              )}
            </div>
          </>
        );
    }
  }

  return (
    <SettingsSection id="settings-two-factor" title={t('twoFactor.title')}>
      {body()}
    </SettingsSection>
  );
}
