import * as accounts from '../../contract/endpoints/accounts';
import { loginDemo } from '../domain/account/demo-login';
import { publicRoute } from '../http/chain';

/** POST /api/auth/demo → {token} for the shared demo account (created and seeded on first use). */
export const handler = publicRoute(accounts.loginDemo, async () => loginDemo());
