import { settingsBody } from '../../contract/accounts';
import { changeSettings } from '../domain/accounts';
import { route } from '../lib/http';

/**
 * POST /api/usersettings {currency?, numberFormat?, enableEmbedding?, showPoweredBy?, hasSeenTutorial?, language?}
 * → the updated user. An object, as the contract fixes (the specification's "array" is the old client).
 */
export const handler = route(
  { handler: 'update-user-settings', body: settingsBody },
  async ({ user, body }) => changeSettings(user, body),
);
