import { cloneElement, type ReactElement, type ReactNode, useId } from 'react';

/** What {@link Field} gives its control: the label's target and the links to hint and error. */
export interface FieldControlProps {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

export interface FieldProps {
  label: ReactNode;
  /** The control's id, for a link to the field (`#street`); else one React makes. */
  id?: string | undefined;
  /** One input, select or textarea, written as plain HTML; Field sets its id and aria attributes. */
  children: ReactElement<FieldControlProps>;
  /** Help under the control, read with it (aria-describedby). */
  hint?: ReactNode;
  /** What is wrong with the value: marks the control invalid and is read with it. */
  error?: string | undefined;
  /** 'check': the control before its label, as a checkbox reads ('[x] I agree …'). */
  layout?: 'stacked' | 'check';
  /** The error is announced at once (role="alert"): for a refusal that comes after submitting. */
  announceError?: boolean;
}

/**
 * The one labelled form field: label, control, hint and error, with the ids wired for assistive
 * technology. The control stays plain JSX (`<Field label="Email"><input type="email" … /></Field>`),
 * so a reader sees every attribute where it is used; Field adds only what ties the parts together.
 */
export function Field({
  label,
  id: given,
  children,
  hint,
  error,
  layout = 'stacked',
  announceError,
}: FieldProps) {
  const made = useId();
  const id = given ?? made;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  const control = cloneElement(children, {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  });
  const labelled =
    layout === 'check' ? (
      <div className="field-check">
        {control}
        <label htmlFor={id}>{label}</label>
      </div>
    ) : (
      <>
        <label htmlFor={id}>{label}</label>
        {control}
      </>
    );
  return (
    <div className="field">
      {labelled}
      {hint ? (
        <p id={hintId} className="muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" role={announceError ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
