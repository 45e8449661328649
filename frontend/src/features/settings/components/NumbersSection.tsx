import type { TFunction } from 'i18next';
import { Field, ValueOptions } from '@/components';
import { rich, useTranslation } from '@/i18n';
import { formatNumber } from '@/lib/format';
import { CURRENCIES, type Currency, NUMBER_FORMATS, type NumberFormat } from '../api/update-user-settings';
import { SettingsSection, type SettingsSectionProps } from './SettingsSection';
import { WeekStartField } from './WeekStartField';

const EXAMPLE_NUMBER = 12345678.9;
const formatNames = (t: TFunction): Record<NumberFormat, string> => ({
  'en-US': t('settings.formats.enUS'),
  'de-DE': t('settings.formats.deDE'),
  'en-ZA': t('settings.formats.enZA'),
  'en-GB': t('settings.formats.enGB'),
});

/** The currency, the number format (with an example number in it) and the day weeks start on. */
export function NumbersSection({ user, save }: SettingsSectionProps) {
  const { t } = useTranslation();
  return (
    <SettingsSection id="settings-numbers" title={t('settings.numbersTitle')}>
      <div className="form">
        <Field label={t('settings.currency')}>
          <select
            value={user.currency}
            disabled={save.saving}
            onChange={(e) => save.change({ currency: e.target.value as Currency })}
          >
            <ValueOptions values={CURRENCIES} name={(c) => c} />
          </select>
        </Field>
        <Field
          label={t('settings.numberFormat')}
          hint={rich(t('settings.example', { number: formatNumber(EXAMPLE_NUMBER, user) }), {
            n: (text) => <span className="example-number">{text}</span>,
          })}
        >
          <select
            value={user.numberFormat}
            disabled={save.saving}
            onChange={(e) => save.change({ numberFormat: e.target.value as NumberFormat })}
          >
            <ValueOptions values={NUMBER_FORMATS} name={(f) => formatNames(t)[f]} />
          </select>
        </Field>
        <WeekStartField
          value={user.weekStart ?? 'monday'}
          disabled={save.saving}
          onChange={(weekStart) => save.change({ weekStart })}
        />
      </div>
    </SettingsSection>
  );
}
