import type { UserSettingsBody } from '@contract/accounts';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '@/lib/api';
import { USER_KEY, type User } from '@/lib/auth';

/** POST /api/usersettings `{hasSeenTutorial: true}`; the answer replaces the cached user. */
export function useMarkTutorialSeen(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    const user = await api<User>('POST', '/api/usersettings', {
      hasSeenTutorial: true,
    } satisfies UserSettingsBody);
    await mutate(USER_KEY, user, { revalidate: false });
  }, [mutate]);
}
