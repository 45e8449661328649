import { type ApiAddresses, createApiClient, type ListPage } from '@contract/client';
import { getToken } from './api';

/** Every endpoint's method and path by name, as JSON text: defined by the build from `contract/endpoints/`. */
declare const __API_ADDRESSES__: string;

/**
 * The app's API client (`contract/client.ts`), the only way the app calls the API: an endpoint by
 * its name with typed path, query and body; the session token as `x-auth-token`; the contract's
 * error body as an `ApiError`. `client.url(name, input)` is the SWR key of a GET.
 */
export const client = createApiClient(JSON.parse(__API_ADDRESSES__) as ApiAddresses, { token: getToken });

/** The SWR fetcher of keys made by `client.url`: the JSON answer of that GET. */
export const fetcher = <T>(url: string): Promise<T> => client.get<T>(url);

/** The SWR fetcher of a page of a paged list, by a key made by `client.url`. */
export const pageFetcher = <T>(url: string): Promise<ListPage<T>> => client.getPage<T>(url);
