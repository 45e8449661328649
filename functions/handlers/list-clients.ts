import * as billing from '../../contract/endpoints/billing';
import { listUserClients } from '../domain/billing/clients';
import { route } from '../http';

/** GET /api/clients — the caller's clients by name: `[{_id, name, email, address, taxId, createdAt}]`. */
export const handler = route(billing.listClients, async ({ user }) => listUserClients(user));
