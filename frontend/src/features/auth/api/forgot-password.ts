import type { ForgotPasswordBody } from '@contract/accounts';
import { emailLanguage } from '@/i18n';
import { api } from '@/lib/api';

/**
 * POST /api/forgotpassword: the same answer whether or not the address is registered. The
 * language on screen is the email's for an account that has not chosen one.
 */
export function requestPasswordReset(email: string): Promise<unknown> {
  return api('POST', '/api/forgotpassword', {
    email,
    language: emailLanguage(),
  } satisfies ForgotPasswordBody);
}
