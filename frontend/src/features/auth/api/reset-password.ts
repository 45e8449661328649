import { api } from '@/lib/api';

export interface ResetPasswordInput {
  email: string;
  password: string;
  password2: string;
  resetToken: string;
}

/** PUT /api/resetpassword with the token from the emailed link. */
export function resetPassword(input: ResetPasswordInput): Promise<unknown> {
  return api('PUT', '/api/resetpassword', input);
}
