import { getUserByEmail, getUserById } from '../../data/identity/users';
import { config } from '../../lib/config';
import { sessionToken } from '../identity/sign-in';

let demoReset: Promise<{ userId: string }> | undefined;

/**
 * Signs in to the shared demo account, creating and seeding it first if it does not exist yet
 * (one reset per instance at a time, however many visitors arrive together).
 */
export async function loginDemo(): Promise<{ token: string }> {
  let user = await getUserByEmail(config.demoEmail);
  if (!user) {
    // Loaded on demand: the demo's seeding code is only needed when the demo account is missing.
    const { resetDemo } = await import('./demo');
    demoReset ??= resetDemo().finally(() => {
      demoReset = undefined;
    });
    const { userId } = await demoReset;
    user = await getUserById(userId);
    if (!user) throw new Error('The demo account could not be created');
  }
  return { token: await sessionToken(user) };
}
