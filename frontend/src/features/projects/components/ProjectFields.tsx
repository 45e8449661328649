import { useId } from 'react';

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
  const nameId = useId();
  const descriptionId = useId();
  return (
    <fieldset className="project-fields">
      <legend className="visually-hidden">Project</legend>
      <label htmlFor={nameId}>Project name</label>
      <input
        id={nameId}
        type="text"
        required
        maxLength={200}
        autoComplete="off"
        value={value.name}
        onChange={(e) => onChange({ ...value, name: e.target.value })}
      />
      <label htmlFor={descriptionId}>Description</label>
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
