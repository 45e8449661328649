import type { ForgotPasswordBody } from '@contract/accounts';
import { emailLanguage } from '@/i18n';
import { client } from '@/lib/api-client';

/**
 * POST /api/forgotpassword: the same answer whether or not the address is registered. The
 * language on screen is the email's for an account that has not chosen one.
 */
export function requestPasswordReset(email: string): Promise<unknown> {
  return client.call('forgotPassword', {
    body: { email, language: emailLanguage() } satisfies ForgotPasswordBody,
  });
}
