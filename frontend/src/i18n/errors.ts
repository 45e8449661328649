import { ApiError } from '../lib/api';
import { currentLanguage, getT, hasMessage } from '.';

/**
 * What to show for a failed call. English shows the server's own words (the specification's
 * wording); another language shows the catalogue's `apiErrors.<code>` where the code has one, and
 * the server's words otherwise (e.g. a validation message of a field the form did not check itself).
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const key = `apiErrors.${error.code ?? ''}`;
    if (currentLanguage() !== 'en' && error.code && hasMessage(key)) return getT()(key as never);
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
