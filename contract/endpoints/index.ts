import * as accounts from './accounts';
import * as activities from './activities';
import * as apiTokens from './api-tokens';
import * as billing from './billing';
import * as budgets from './budgets';
import * as charts from './charts';
import * as files from './files';
import * as invoices from './invoices';
import * as projects from './projects';
import * as receipts from './receipts';
// E-invoices received (issue 37)
import * as receivedEinvoices from './received-einvoices';
import * as recurring from './recurring';
import * as tax from './tax';
import * as timer from './timer';
import * as twoFactor from './two-factor';

/**
 * Every endpoint of the API by name, one object each (`contract/endpoint.ts`). The route table
 * (`functions/routes.ts`) deploys each under the same name; the typed client calls them by it.
 */
export const ENDPOINTS = {
  ...accounts,
  ...projects,
  ...activities,
  ...timer,
  ...charts,
  ...files,
  ...invoices,
  ...billing,
  ...budgets,
  ...tax,
  ...apiTokens,
  ...twoFactor,
  // Recurring expenses (CONTRACT §9).
  ...recurring,
  // E-invoices received (issue 37)
  ...receivedEinvoices,
  // Receipts (issue 37)
  ...receipts,
};

/** The endpoints by area (the module that defines them): how operators see the API (alarms). */
export const AREAS = {
  accounts,
  projects,
  activities,
  timer,
  charts,
  files,
  invoices,
  billing,
  budgets,
  tax,
  apiTokens,
  twoFactor,
  // Recurring expenses (CONTRACT §9).
  recurring,
  // E-invoices received (issue 37)
  receivedEinvoices,
  receipts,
} as const;

export type Endpoints = typeof ENDPOINTS;
export type EndpointName = keyof Endpoints;

/** The endpoints that only read (GET): the answers a client may keep, and all a write may make stale. */
export type ReadName = {
  [N in EndpointName]: Endpoints[N]['method'] extends 'GET' ? N : never;
}[EndpointName];
/** The endpoints that change something: each names the reads it makes stale (`invalidates`). */
export type WriteName = Exclude<EndpointName, ReadName>;
/** The names a write's `invalidates` gives. */
type InvalidatedBy<N extends WriteName> = Endpoints[N] extends { invalidates: readonly (infer R)[] }
  ? R
  : never;
/** `T` itself, which must be `never`: instantiated with names, it fails typecheck naming them. */
type NoneOf<T extends never> = T;
/**
 * Every name in an `invalidates` that is no read's: a typo (or a write named) fails typecheck
 * here — "Type '"listProjectz"' does not satisfy the constraint 'never'".
 */
export type InvalidatesOnlyReads = NoneOf<
  Exclude<{ [N in WriteName]: InvalidatedBy<N> }[WriteName], ReadName>
>;
