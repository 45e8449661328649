import { changeNameBody } from '../../contract/accounts';
import { changeName } from '../domain/accounts';
import { route } from '../lib/http';

/** PUT /api/users {name} → the updated user. */
export const handler = route({ handler: 'update-user', body: changeNameBody }, async ({ body, user }) =>
  changeName(user, body.name),
);
