import { useId } from 'react';
import { Field, NamedOptions } from '@/components';
import { useTranslation } from '@/i18n';
import { useClients } from '@/lib/clients';

export interface ProjectFieldsValue {
  name: string;
  description: string;
  /** '' for no client. */
  clientId: string;
  billableByDefault: boolean;
}

/** A new project's fields: no client, its time billable. */
export const EMPTY_PROJECT_FIELDS: ProjectFieldsValue = {
  name: '',
  description: '',
  clientId: '',
  billableByDefault: true,
};

/**
 * The name, description, client and 'New time is billable' inputs shared by 'Create project' and
 * 'Update project'.
 */
export function ProjectFields({
  value,
  onChange,
}: {
  value: ProjectFieldsValue;
  onChange: (value: ProjectFieldsValue) => void;
}) {
  const { t } = useTranslation();
  const nameId = useId();
  const descriptionId = useId();
  const { data: clients } = useClients();
  return (
    <fieldset className="project-fields">
      <legend className="visually-hidden">{t('projects.project')}</legend>
      <label htmlFor={nameId}>{t('projects.name')}</label>
      <input
        id={nameId}
        type="text"
        required
        maxLength={200}
        autoComplete="off"
        value={value.name}
        onChange={(e) => onChange({ ...value, name: e.target.value })}
      />
      <label htmlFor={descriptionId}>{t('projects.description')}</label>
      <textarea
        id={descriptionId}
        rows={3}
        maxLength={2000}
        value={value.description}
        onChange={(e) => onChange({ ...value, description: e.target.value })}
      />
      <Field label={t('tagging.client')}>
        <select value={value.clientId} onChange={(e) => onChange({ ...value, clientId: e.target.value })}>
          <option value="">{t('tagging.noClient')}</option>
          <NamedOptions items={clients} />
        </select>
      </Field>
      <Field label={t('tagging.billableByDefault')} hint={t('tagging.billableByDefaultHint')} layout="check">
        <input
          type="checkbox"
          checked={value.billableByDefault}
          onChange={(e) => onChange({ ...value, billableByDefault: e.target.checked })}
        />
      </Field>
    </fieldset>
  );
}

/**
 * The client and billable default of a new project's fields, as POST /api/projects takes them:
 * only what differs from the defaults (no client, billable).
 */
export const billingOfFields = (value: ProjectFieldsValue) => ({
  ...(value.clientId !== '' ? { clientId: value.clientId } : {}),
  ...(value.billableByDefault ? {} : { billableByDefault: false }),
});
