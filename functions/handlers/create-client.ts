import * as billing from '../../contract/endpoints/billing';
import { createUserClient } from '../domain/billing/clients';
import { respond, route } from '../http';

/**
 * POST /api/clients `{_id?, name, email?, address?, taxId?}` — 201 with the client. A name the user
 * already has (ignoring case): 400 `CLIENT_NAME_TAKEN`. The same client `_id` again: 200, the stored one.
 */
export const handler = route(billing.createClient, async ({ user, body }) => {
  const { created, client } = await createUserClient(user, body);
  return respond(created ? 201 : 200, client);
});
