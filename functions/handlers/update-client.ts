import * as billing from '../../contract/endpoints/billing';
import { updateUserClient } from '../domain/billing/clients';
import { route } from '../http';

/** PUT /api/clients/{id} — edits the client and answers it. Another user's id: 404; a taken name: 400. */
export const handler = route(billing.updateClient, async ({ user, path, body }) =>
  updateUserClient(user, path.id, body),
);
