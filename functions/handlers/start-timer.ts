import * as timer from '../../contract/endpoints/timer';
import { startTimer } from '../domain/tracking/timer';
import { respond, route } from '../http';

/**
 * POST /api/timer `{projectId, activity?, description?, timeZone?}` — 201 with the running timer.
 * A timer already running is saved as an entry first, in the same transaction. Another user's
 * project: 404; saving the running one past the free item limit: 403 `FREE_ITEM_LIMIT`.
 */
export const handler = route(timer.startTimer, async ({ user, body }) =>
  respond(201, await startTimer(user, body)),
);
