import * as accounts from '../../contract/endpoints/accounts';
import { changeName } from '../domain/identity/accounts';
import { route } from '../http';

/** PUT /api/users {name} → the updated user. */
export const handler = route(accounts.updateUser, async ({ body, user }) => changeName(user, body.name));
