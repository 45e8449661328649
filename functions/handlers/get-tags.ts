import * as billing from '../../contract/endpoints/billing';
import { getTags } from '../domain/tracking/tags';
import { route } from '../http';

/** GET /api/tags — `[{name, count}]`: the tags of the caller's time entries, most used first. */
export const handler = route(billing.getTags, async ({ user }) => getTags(user));
