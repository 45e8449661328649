import type { UserSettingsBody } from '@contract/accounts';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { client } from '@/lib/api-client';
import { revalidateAfter } from '@/lib/api-keys';
import { USER_KEY, type User } from '@/lib/auth';

export type { UserSettings } from '@contract/accounts';
export { CURRENCIES, type Currency, NUMBER_FORMATS, type NumberFormat } from '@contract/enums';

/** POST /api/usersettings with an object of the changed settings; answers the updated user. */
export function updateUserSettings(settings: UserSettingsBody): Promise<User> {
  return client.call('updateUserSettings', { body: settings });
}

/**
 * Saves settings and puts the answer (the updated user) in the cache, so every screen formats
 * with the new settings at once; what else the endpoint makes stale (the reports) is asked again.
 */
export function useUpdateUserSettings(): (settings: UserSettingsBody) => Promise<User> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (settings: UserSettingsBody) => {
      const user = await updateUserSettings(settings);
      await mutate(USER_KEY, user, { revalidate: false });
      await revalidateAfter(mutate, 'updateUserSettings', { fresh: ['getCurrentUser'] });
      return user;
    },
    [mutate],
  );
}
