import * as timer from '../../contract/endpoints/timer';
import { getTimerState } from '../domain/tracking/timer';
import { route } from '../http';

/** GET /api/timer — `{"running": false}` or `{"running": true, projectId, activity, description, startedAt}`. */
export const handler = route(timer.getTimer, ({ user }) => getTimerState(user));
