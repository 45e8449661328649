import * as billing from '../../contract/endpoints/billing';
import { deleteUserClient } from '../domain/billing/clients';
import { respond, route } from '../http';

/** DELETE /api/clients/{id} — 204; its projects stay, with no client. Another user's id: 404. */
export const handler = route(billing.deleteClient, async ({ user, path }) => {
  await deleteUserClient(user, path.id);
  return respond(204, undefined);
});
