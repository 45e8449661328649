import { useId } from 'react';
import { useTranslation } from '@/i18n';

export interface ProjectFieldsValue {
  name: string;
  description: string;
}

/** The name and description inputs shared by 'Create project' and 'Update project'. */
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
    </fieldset>
  );
}
