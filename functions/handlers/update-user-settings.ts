import * as accounts from '../../contract/endpoints/accounts';
import { changeSettings } from '../domain/identity/accounts';
import { route } from '../http';

/**
 * POST /api/usersettings {currency?, numberFormat?, enableEmbedding?, showPoweredBy?, hasSeenTutorial?, language?}
 * → the updated user. An object, as the contract fixes (the specification's "array" is the old client).
 */
export const handler = route(accounts.updateUserSettings, async ({ user, body }) =>
  changeSettings(user, body),
);
