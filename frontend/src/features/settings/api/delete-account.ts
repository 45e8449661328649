import { api } from '@/lib/api';

/** DELETE /api/users: removes the account and every item of it. */
export function deleteAccount(): Promise<unknown> {
  return api('DELETE', '/api/users');
}
