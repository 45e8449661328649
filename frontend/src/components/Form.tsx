import type { ReactNode } from 'react';
import { Button } from './Button';

/** The error of a whole form (not of one field), announced at once; nothing while there is none. */
export function FormError({ children }: { children: ReactNode }) {
  return children ? (
    <p className="form-error" role="alert">
      {children}
    </p>
  ) : null;
}

export interface SubmitRowProps {
  /** The submit button's words. */
  label: ReactNode;
  /** While a send runs (or when there is nothing to send). */
  disabled?: boolean;
  /** What sits beside the button: a Cancel, a link away. */
  children?: ReactNode;
}

/** The row under a form: its submit button and whatever goes beside it. */
export function SubmitRow({ label, disabled, children }: SubmitRowProps) {
  return (
    <div className="form-actions">
      <Button type="submit" disabled={disabled}>
        {label}
      </Button>
      {children}
    </div>
  );
}
