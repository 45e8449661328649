import { FormError } from '@/components';
import { useTranslation } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { useTitle } from '@/lib/use-title';
import { AccountSettings } from './components/AccountSettings';
import { ApiTokensSection } from './components/ApiTokensSection';
import { AppearanceSection } from './components/AppearanceSection';
import { BudgetAlertsSection } from './components/BudgetAlertsSection';
import { DataSection } from './components/DataSection';
import { EmbeddingSection } from './components/EmbeddingSection';
import { InvoiceDetailsSection } from './components/InvoiceDetailsSection';
import { LanguageSection } from './components/LanguageSection';
import { NumbersSection } from './components/NumbersSection';
import { TaxSection } from './components/TaxSection';
import { TwoFactorSection } from './components/TwoFactorSection';
import { useSaveSettings } from './hooks/use-save-settings';

/**
 * `/settings`: one card per section, in this order. A new section is a component in
 * `components/` taking `SettingsSectionProps` (the user and the way to save a setting),
 * and one line here.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  useTitle(t('shell.settings'));
  const { user } = useAuth();
  const save = useSaveSettings();
  if (!user) return null;
  const section = { user, save };

  return (
    <div className="settings">
      <h1>{t('shell.settings')}</h1>
      <FormError>{save.error}</FormError>
      <AccountSettings />
      <TwoFactorSection user={user} />
      <ApiTokensSection user={user} />
      <LanguageSection {...section} />
      <NumbersSection {...section} />
      <TaxSection {...section} />
      <InvoiceDetailsSection />
      <EmbeddingSection {...section} />
      <BudgetAlertsSection {...section} />
      <AppearanceSection />
      <DataSection user={user} />
    </div>
  );
}
