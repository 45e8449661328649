import { useState } from 'react';
import { ApiError } from '@/lib/api';
import { errorMessage } from '@/lib/error-text';

export type FieldErrors = Record<string, string | undefined>;

/**
 * The round of a small settings form: show what the check in the browser found, and when it
 * found nothing send; a refusal goes under the field the server named (one of `fields`), else
 * over the form.
 */
export function useFormErrors(fields: readonly string[]) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(invalid: FieldErrors, send: () => Promise<void>) {
    setFailure(undefined);
    setErrors(invalid);
    if (Object.values(invalid).some(Boolean)) return;
    setBusy(true);
    try {
      await send();
    } catch (err) {
      const message = errorMessage(err);
      const param = err instanceof ApiError ? err.errors[0]?.param : undefined;
      if (param && fields.includes(param)) setErrors({ [param]: message });
      else setFailure(message);
    } finally {
      setBusy(false);
    }
  }

  function reset() {
    setErrors({});
    setFailure(undefined);
  }

  return { errors, failure, busy, submit, reset };
}
