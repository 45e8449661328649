import * as timer from '../../contract/endpoints/timer';
import { resumePausedTimer } from '../domain/tracking/timer';
import { route } from '../http';

/**
 * POST /api/timer/resume — 200 with the running timer and `pausedMs`, all its pauses so far. No
 * timer: 404 `TIMER_NOT_RUNNING`; not paused: 409 `TIMER_STATE`.
 */
export const handler = route(timer.resumeTimer, ({ user }) => resumePausedTimer(user));
