import * as timer from '../../contract/endpoints/timer';
import { stopTimer } from '../domain/tracking/timer';
import { respond, route } from '../http';

/**
 * POST /api/timer/stop — 201 with the saved time activity (`startTime` = the start, `endTime` =
 * now, booked on the start's day). No timer running: 404 `TIMER_NOT_RUNNING`.
 */
export const handler = route(timer.stopTimer, async ({ user }) => respond(201, await stopTimer(user)));
