import { client } from '@/lib/api-client';

/** DELETE /api/users: removes the account and every item of it. */
export function deleteAccount(): Promise<unknown> {
  return client.call('deleteAccount');
}
