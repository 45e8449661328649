import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { client } from '@/lib/api-client';
import { revalidateAfter } from '@/lib/api-keys';
import { useAuth } from '@/lib/auth';

/**
 * Two-factor sign-in (CONTRACT §8): the setup's two steps and turning it off. Turning it on or
 * off reloads the signed-in user, whose `twoFactor` the settings show.
 */

/** POST /api/users/2fa {password} → {secret, otpauthUrl}: the secret to scan, not yet in force. */
export const startTwoFactor = (password: string) => client.call('startTwoFactor', { body: { password } });

/**
 * POST /api/users/2fa/confirm {code} → {recoveryCodes, token}: 2FA is on. Every session from
 * before has ended on the server; this one carries on with the new token.
 */
export function useConfirmTwoFactor(): (code: string) => Promise<string[]> {
  const { mutate } = useSWRConfig();
  const { replaceToken } = useAuth();
  return useCallback(
    async (code: string) => {
      const { recoveryCodes, token } = await client.call('confirmTwoFactor', { body: { code } });
      replaceToken(token);
      await revalidateAfter(mutate, 'confirmTwoFactor');
      return recoveryCodes;
    },
    [mutate, replaceToken],
  );
}

/** DELETE /api/users/2fa {password, code}: 2FA is off. */
export function useDisableTwoFactor(): (input: { password: string; code: string }) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (body: { password: string; code: string }) => {
      await client.call('disableTwoFactor', { body });
      await revalidateAfter(mutate, 'disableTwoFactor');
    },
    [mutate],
  );
}
