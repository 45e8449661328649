import type { ChangeEmailBody, ChangeNameBody, ChangePasswordBody } from '@contract/accounts';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { client } from '@/lib/api-client';
import { revalidateAfter } from '@/lib/api-keys';
import { USER_KEY, type User, useAuth } from '@/lib/auth';

/**
 * The account-settings calls (name, email, password, a new confirmation link). Each hook puts the answered user in the
 * cache, so the menu and every screen show the change at once.
 */

/** PUT /api/users {name} → the updated user. */
export function useChangeName(): (name: string) => Promise<User> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (name: string) => {
      const user = await client.call('updateUser', { body: { name } satisfies ChangeNameBody });
      await mutate(USER_KEY, user, { revalidate: false });
      await revalidateAfter(mutate, 'updateUser', { fresh: ['getCurrentUser'] });
      return user;
    },
    [mutate],
  );
}

/**
 * PUT /api/users/email {email, password}: asks for the change. The answer shows the old address,
 * still in force until the new one's link is opened, with the new one as `pendingEmail` and
 * `emailConfirmed: false` (the change is unconfirmed, as the contract words it) — so the user is
 * reloaded from GET /api/auth, which tells whether the old address itself is confirmed.
 */
export function useChangeEmail(): (change: ChangeEmailBody) => Promise<User> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (change: ChangeEmailBody) => {
      const user = await client.call('changeEmail', { body: change });
      await revalidateAfter(mutate, 'changeEmail');
      return user;
    },
    [mutate],
  );
}

/**
 * PUT /api/users/password → {token}. Every other session of the account ends on the server; this
 * one carries on with the new token.
 */
export function useChangePassword(): (change: ChangePasswordBody) => Promise<void> {
  const { replaceToken } = useAuth();
  return useCallback(
    async (change: ChangePasswordBody) => {
      const { token } = await client.call('changePassword', { body: change });
      replaceToken(token);
    },
    [replaceToken],
  );
}

/** POST /api/confirmemail: mails a new confirmation link to the account's address. */
export function resendConfirmation(): Promise<{ msg: string }> {
  return client.call('resendConfirmation');
}
