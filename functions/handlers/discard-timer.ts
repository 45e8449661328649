import * as timer from '../../contract/endpoints/timer';
import { discardTimer } from '../domain/tracking/timer';
import { respond, route } from '../http';

/** DELETE /api/timer — 204; the running timer (if any) is discarded and nothing is saved. */
export const handler = route(timer.discardTimer, async ({ user }) => {
  await discardTimer(user);
  return respond(204, undefined);
});
