import { Field } from '@/components';
import { useTranslation } from '@/i18n';
import { TagsInput } from './TagsInput';

export interface BillingValue {
  /** `null`: not chosen, the project's `billableByDefault` holds. */
  billable: boolean | null;
  tags: string[];
}

export interface BillingFieldsProps {
  value: BillingValue;
  /** What `billable: null` means for the chosen project. */
  billableByDefault: boolean;
  onChange: (patch: Partial<BillingValue>) => void;
}

/** 'Billable' (the project's default until changed) and the tags of a time entry or the timer. */
export function BillingFields({ value, billableByDefault, onChange }: BillingFieldsProps) {
  const { t } = useTranslation();
  return (
    <div className="billing-fields">
      <Field label={t('tagging.billable')} layout="check">
        <input
          type="checkbox"
          checked={value.billable ?? billableByDefault}
          onChange={(e) => onChange({ billable: e.target.checked })}
        />
      </Field>
      <TagsInput value={value.tags} onChange={(tags) => onChange({ tags })} />
    </div>
  );
}

/**
 * The body fields of a billing value: `billable` only once chosen (else the project decides);
 * the tags when there are any, or always for an edit (which may have removed them all).
 */
export const billingBody = (value: BillingValue, editing = false) => ({
  ...(value.billable === null ? {} : { billable: value.billable }),
  ...(value.tags.length > 0 || editing ? { tags: value.tags } : {}),
});

/**
 * Whether the entry is billable, and its tags, as a line under the task (nothing for what an
 * older answer left out).
 */
export function BillingSummary({ billable, tags = [] }: { billable?: boolean; tags?: readonly string[] }) {
  const { t } = useTranslation();
  if (billable === undefined) return null;
  return (
    <span className="billing-summary">
      <span className={billable ? 'badge badge-billable' : 'badge'}>
        {billable ? t('tagging.billable') : t('tagging.notBillable')}
      </span>
      {tags.length > 0 ? (
        <ul className="tag-list" aria-label={t('tagging.tags')}>
          {tags.map((tag) => (
            <li key={tag} className="tag">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
    </span>
  );
}
