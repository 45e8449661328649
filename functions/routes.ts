/**
 * The route table: one route per endpoint of `contract/endpoints/`, and the scheduled jobs. The CDK
 * stack makes one Lambda function per route (and one HTTP API route); the local server dispatches
 * through it. Method, path, schemas and auth are the endpoint's (`contract/endpoint.ts`); its
 * handler module follows from its name and its table access from its method, so a new endpoint
 * needs no line here unless its function needs more than the defaults (`NEEDS`).
 */
import type { Endpoint, Method } from '../contract/endpoint';
import { ENDPOINTS, type EndpointName, type ReadName } from '../contract/endpoints';
import {
  JOBS,
  type JobDefinition,
  STREAM_CONSUMERS,
  type StreamConsumerDefinition,
} from './background-functions';
import { RECEIPT_CHECK } from './file-events';
import type { FunctionDefinition, FunctionNeeds } from './function-needs';

export {
  JOBS,
  type JobDefinition,
  STREAM_CONSUMERS,
  type StreamConsumerDefinition,
} from './background-functions';
export type { FunctionDefinition, FunctionNeeds, Method };

/** A function's memory and timeout unless its `needs` say otherwise. */
export const DEFAULT_MEMORY_MB = 512;
export const DEFAULT_TIMEOUT_SECONDS = 10;

export interface RouteDefinition extends FunctionDefinition {
  /** The endpoint this route deploys (its key in `ENDPOINTS`). */
  name: EndpointName;
  method: Method;
  path: string;
  /** Public routes need no `x-auth-token`. */
  auth: boolean;
  /** Whether an API token may call it: it then records the token's last use, even if it only reads. */
  acceptsApiTokens: boolean;
}

/**
 * The module under `functions/handlers/` that deploys an endpoint: its name in kebab-case
 * (`getCurrentUser` → `get-current-user`).
 */
export const handlerOf = (name: EndpointName): string =>
  name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The one GET that writes: the confirmation link a mail carries is opened by a browser, which can
 * only GET it (`GET /api/confirmemail/{token}`), and opening it marks the address confirmed.
 */
const GETS_THAT_WRITE: ReadonlySet<ReadName> = new Set<ReadName>(['confirmEmail']);

/** An endpoint's table access: read-only for a GET (on AWS its role holds no write action). */
export const accessOf = (name: EndpointName, method: Method): 'read' | 'readwrite' =>
  method === 'GET' && !GETS_THAT_WRITE.has(name as ReadName) ? 'read' : 'readwrite';

/**
 * What an endpoint's function needs beyond the defaults (`DEFAULT_MEMORY_MB`,
 * `DEFAULT_TIMEOUT_SECONDS`, no mail, no token signing, no files): an endpoint not named here
 * deploys with them. Each entry says why.
 */
export const NEEDS: Partial<Record<EndpointName, FunctionNeeds>> = {
  // Accounts and sessions
  // sendsEmail: the owner is told when wrong two-factor codes fill the account's window.
  login: { signsTokens: true, memoryMb: 1024, sendsEmail: true, hashesPasswords: true },
  // Seeds the demo account on its first call (`resetDemo()`), which takes a while.
  loginDemo: { signsTokens: true, memoryMb: 1024, timeoutSeconds: 29 },
  registerUser: { signsTokens: true, sendsEmail: true, memoryMb: 1024, hashesPasswords: true },
  // A password check (scrypt) and, with 2FA on, a code: wrong codes filling the account's window
  // tell the owner by a security email, as at login.
  deleteAccount: { memoryMb: 1024, hashesPasswords: true, sendsEmail: true, files: ['receipts:delete'] },
  // A password check (scrypt), mail to the new and old address.
  changeEmail: { sendsEmail: true, memoryMb: 1024, hashesPasswords: true },
  // A password check and a new hash (scrypt), a new token.
  changePassword: { signsTokens: true, sendsEmail: true, memoryMb: 1024, hashesPasswords: true },
  resendConfirmation: { sendsEmail: true },
  forgotPassword: { sendsEmail: true },
  resetPassword: { sendsEmail: true, memoryMb: 1024, hashesPasswords: true },
  // A year of history (~5,000 rows) in one request: the API's 30 s, less a second (issue 35 item 8).
  importActivities: { timeoutSeconds: 29 },
  // Re-creating a project whose deletion is pending finishes it first, receipts' files included.
  createProject: { files: ['receipts:delete'] },
  deleteProject: { files: ['receipts:delete'] },
  deleteFinanceActivity: { files: ['receipts:delete'] },
  // Invoices
  // Sending renders the e-invoice (PDF with its fonts, CII, UBL) and stores it in S3 before it is sent.
  updateInvoice: { pdfFonts: true, memoryMb: 1024, timeoutSeconds: 29, files: ['documents:write'] },
  // Renders with 16 MB of fonts beside it; more memory is more CPU on Lambda.
  getInvoicePdf: { pdfFonts: true, memoryMb: 1024, timeoutSeconds: 29, files: ['documents:read'] },
  getInvoiceXrechnung: { files: ['documents:read'] },
  getInvoiceUbl: { files: ['documents:read'] },
  // Credit notes and email (CONTRACT §9): the email attaches the stored PDF and XRechnung.
  emailInvoice: { sendsEmail: true, files: ['documents:read'] },
  // Two-factor sign-in (the password checks are scrypt; on and off are told by a security email)
  startTwoFactor: { memoryMb: 1024, hashesPasswords: true },
  confirmTwoFactor: { sendsEmail: true },
  disableTwoFactor: { sendsEmail: true, memoryMb: 1024, hashesPasswords: true },
  // The password again (scrypt).
  createApiToken: { sendsEmail: true, memoryMb: 1024, hashesPasswords: true },
  // E-invoices received (issue 37): reads a PDF of up to 10 MB with pdf-lib (more memory is more
  // CPU) and keeps the file as the expense's receipt (`keepFileAsReceipt` puts it in S3).
  createExpenseFromEinvoice: { memoryMb: 1024, timeoutSeconds: 29, files: ['receipts:upload'] },
  // Receipts (issue 37): signing the upload, opening, removing (the file too).
  createReceipt: { files: ['receipts:upload'] },
  getReceipt: { files: ['receipts:read'] },
  deleteReceipt: { files: ['receipts:delete'] },
  exportUserFiles: { files: ['receipts:read', 'documents:read'] },
};

const routeOf = (name: EndpointName): RouteDefinition => {
  const e: Endpoint = ENDPOINTS[name];
  return {
    name,
    method: e.method,
    path: e.path,
    auth: e.auth,
    acceptsApiTokens: e.auth && e.tokenScope !== 'none',
    handler: handlerOf(name),
    access: accessOf(name, e.method),
    needs: NEEDS[name] ?? {},
  };
};

/** Every route: each endpoint of `ENDPOINTS`, in its order, deployed by the rules above. */
export const ROUTES: readonly RouteDefinition[] = (Object.keys(ENDPOINTS) as EndpointName[]).map(routeOf);

/** Every Lambda function: one per route, one per job, one per stream consumer, the receipt check. */
export const FUNCTIONS: readonly (
  | RouteDefinition
  | JobDefinition
  | StreamConsumerDefinition
  | FunctionDefinition
)[] = [...ROUTES, ...JOBS, ...STREAM_CONSUMERS, RECEIPT_CHECK];

/** Whether a function may read the JWT secret: every signed-in route, and the routes that log in. */
export function needsJwtSecret(fn: FunctionDefinition & { auth?: boolean }): boolean {
  return fn.auth === true || fn.needs.signsTokens === true;
}

/** API Gateway's route key, e.g. `GET /api/projects/{id}`. */
export const routeKey = (route: RouteDefinition) => `${route.method} ${route.path}`;
