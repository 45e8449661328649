import { VAT_BASES, type VatBasis } from '@contract/enums';
import { Field, ValueOptions } from '@/components';
import { useTranslation } from '@/i18n';
import { catalogueWords } from '@/i18n/catalogue-words';
import { SettingsSection, type SettingsSectionProps } from './SettingsSection';

/** The names of the bases as choices. */
const BASIS_KEYS = catalogueWords('settings.vatBasis', VAT_BASES);

/**
 * When VAT is owed (`vatBasis`): on the day an invoice is paid (cash, Ist-Versteuerung, the
 * default) or on the day it is sent (accrual, Soll-Versteuerung). The tax period's figures and
 * the dashboard's VAT follow it.
 */
export function TaxSection({ user, save }: SettingsSectionProps) {
  const { t } = useTranslation();
  return (
    <SettingsSection id="settings-tax" title={t('settings.vatBasis.title')}>
      <div className="form">
        <Field label={t('settings.vatBasis.label')} hint={t('settings.vatBasis.hint')}>
          <select
            value={user.vatBasis}
            disabled={save.saving}
            onChange={(e) => save.change({ vatBasis: e.target.value as VatBasis })}
          >
            <ValueOptions values={VAT_BASES} name={(b) => t(BASIS_KEYS[b])} />
          </select>
        </Field>
      </div>
    </SettingsSection>
  );
}
