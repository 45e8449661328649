import type { ApiInvalidations } from '@contract/client';

/**
 * The reads each write makes stale (the endpoints' `invalidates` in `contract/endpoints/`), as the
 * build defines them: JSON text (`infra/web-build.ts`). Needed only once a write has succeeded, so
 * this module is a chunk of its own that `api-keys.ts` loads at the first write, never part of the
 * first screen. (Defined as an object, esbuild would put it in a chunk shared with the addresses,
 * which the first screen loads.)
 */
declare const __API_INVALIDATES__: string;

export const STALE_READS: ApiInvalidations = JSON.parse(__API_INVALIDATES__);
