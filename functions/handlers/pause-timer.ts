import * as timer from '../../contract/endpoints/timer';
import { pauseRunningTimer } from '../domain/tracking/timer';
import { route } from '../http';

/**
 * POST /api/timer/pause — 200 with the timer, `paused: true` and `pausedAt` = now. No timer: 404
 * `TIMER_NOT_RUNNING`; already paused: 409 `TIMER_STATE`.
 */
export const handler = route(timer.pauseTimer, ({ user }) => pauseRunningTimer(user));
