import { getT, hasMessage } from '../i18n';
import { ApiError, type ApiErrorItem } from './api';

/**
 * The words for one error of the API (or one refused line of an import) in the language in use:
 * the catalogue's `apiErrors.<code>` filled with the error's `values` (a named field in the
 * catalogue's words, `apiFields.<field>`). The server's own English `msg` only for a code this
 * app does not know yet (a newer server).
 */
export function apiErrorText(item: Pick<ApiErrorItem, 'msg' | 'code' | 'values'>): string {
  const key = `apiErrors.${item.code ?? ''}`;
  if (!item.code || !hasMessage(key)) return item.msg;
  const t = getT();
  const values: Record<string, string | number> = { ...item.values };
  const field = values.field;
  if (typeof field === 'string' && hasMessage(`apiFields.${field}`))
    values.field = t(`apiFields.${field}` as never);
  const text: string = String(t(key as never, values));
  // A value the message needs but the error lacks (an older server): its own words say more.
  return text.includes('{{') ? item.msg : text;
}

/** What to show for a failed call: {@link apiErrorText} of an API error, else the error's message. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const first = error.errors[0];
    return first ? apiErrorText(first) : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
