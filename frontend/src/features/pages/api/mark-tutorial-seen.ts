import type { UserSettingsBody } from '@contract/accounts';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { client } from '@/lib/api-client';
import { revalidateAfter } from '@/lib/api-keys';
import { USER_KEY } from '@/lib/auth';

/** POST /api/usersettings `{hasSeenTutorial: true}`; the answer replaces the cached user. */
export function useMarkTutorialSeen(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    const user = await client.call('updateUserSettings', {
      body: { hasSeenTutorial: true } satisfies UserSettingsBody,
    });
    await mutate(USER_KEY, user, { revalidate: false });
    await revalidateAfter(mutate, 'updateUserSettings', { fresh: ['getCurrentUser'] });
  }, [mutate]);
}
