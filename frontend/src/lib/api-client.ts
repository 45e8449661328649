import { type ApiAddresses, createApiClient, type ListPage } from '@contract/client';
import { getToken } from './api';
import { nextTask } from './next-task';

/** Every endpoint's method and path by name, as JSON text: defined by the build from `contract/endpoints/`. */
declare const __API_ADDRESSES__: string;

/**
 * The app's API client (`contract/client.ts`), the only way the app calls the API: an endpoint by
 * its name with typed path, query and body; the session token as `x-auth-token`; the contract's
 * error body as an `ApiError`. `client.url(name, input)` is the SWR key of a GET.
 */
export const client = createApiClient(JSON.parse(__API_ADDRESSES__) as ApiAddresses, { token: getToken });

/**
 * The SWR fetcher of keys made by `client.url`: the JSON answer of that GET. Asked in a task of its
 * own ({@link nextTask}): SWR asks for a screen's data while React commits the screen, and starting
 * a request costs the main thread milliseconds each (a phone several times that), so a screen of
 * ten reads made its commit one long task.
 */
export const fetcher = async <T>(url: string): Promise<T> => {
  await nextTask();
  return client.get<T>(url);
};

/** The SWR fetcher of a page of a paged list, by a key made by `client.url` (asked as {@link fetcher}). */
export const pageFetcher = async <T>(url: string): Promise<ListPage<T>> => {
  await nextTask();
  return client.getPage<T>(url);
};
