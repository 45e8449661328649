import { DecimalField, Field } from '@/components';
import { useTranslation } from '@/i18n';

/** An invoice's tax rate (in the user's number format, as typed) and reverse charge: new and shaped drafts. */
export function TaxFields({
  taxRate,
  reverseCharge,
  onChange,
}: {
  taxRate: string;
  reverseCharge: boolean;
  onChange: (next: { taxRate?: string; reverseCharge?: boolean }) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <DecimalField
        label={t('invoices.taxRate')}
        integerDigits={3}
        value={taxRate}
        onChange={(next) => onChange({ taxRate: next })}
      />
      <Field label={t('invoices.reverseCharge')} layout="check" hint={t('invoices.reverseChargeHint')}>
        <input
          type="checkbox"
          checked={reverseCharge}
          onChange={(e) => onChange({ reverseCharge: e.target.checked })}
        />
      </Field>
    </>
  );
}
