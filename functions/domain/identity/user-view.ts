import type { FreeLimits } from '../../../contract/limits';
import type { User } from '../../../contract/responses';
import { toPublicUser, type UserRecord } from '../../data/identity/users';
import { config } from '../../lib/config';

/** The free plan's limits as the server enforces them (configuration). */
export const freeLimits = (): FreeLimits => ({
  projects: config.freeProjectLimit,
  items: config.freeItemLimit,
});

/**
 * The user as every account answer shows it: without secrets, and with the free plan's limits, so
 * the app never states a limit the server does not enforce.
 */
export const showUser = (user: UserRecord): User => ({ ...toPublicUser(user), limits: freeLimits() });
