import * as receipts from '../../contract/endpoints/receipts';
import { deleteUserReceipt } from '../domain/tracking/receipts/access';
import { respond, route } from '../http';

/** DELETE /api/receipts/{id} — 204; the receipt and its file are gone. Another user's id: 404. */
export const handler = route(receipts.deleteReceipt, async ({ user, path }) => {
  await deleteUserReceipt(user, path.id);
  return respond(204, undefined);
});
