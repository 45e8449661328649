import { type ApiAddresses, createApiClient } from '@contract/client';
import { getToken } from './api';

/** Every endpoint's method and path by name: defined by the build from `contract/endpoints/`. */
declare const __API_ADDRESSES__: ApiAddresses;

/**
 * The app's API client (`contract/client.ts`): calls an endpoint by its name with typed path,
 * query and body, sends the session token as `x-auth-token`, and turns the contract's error body
 * into an `ApiError`. `client.url(name, input)` is the SWR key of a GET.
 */
export const client = createApiClient(__API_ADDRESSES__, { token: getToken });

/** The SWR fetcher of keys made by `client.url`: the JSON answer of a GET. */
export { fetcher } from './api';
