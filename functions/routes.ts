/**
 * The route table: what deploying each endpoint of `contract/endpoints/` needs beyond the endpoint
 * itself (its handler module, table access, memory), and the scheduled jobs. The CDK stack makes
 * one Lambda function per entry (and one HTTP API route per route); the local server dispatches
 * through it. Method, path, schemas and auth are the endpoint's (`contract/endpoint.ts`): an entry
 * here names the endpoint it deploys, never repeats it.
 */
import type { Endpoint, Method } from '../contract/endpoint';
import { ENDPOINTS, type EndpointName } from '../contract/endpoints';
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

/** What deploying one endpoint needs. */
interface Deployment {
  handler: string;
  access: 'read' | 'readwrite';
  needs?: FunctionNeeds;
}

const read = (handler: string, needs?: FunctionNeeds): Deployment => ({ handler, access: 'read', needs });
const write = (handler: string, needs?: FunctionNeeds): Deployment => ({
  handler,
  access: 'readwrite',
  needs,
});

/** Every endpoint's deployment; TypeScript refuses an endpoint without one. */
const DEPLOYMENTS: Record<EndpointName, Deployment> = {
  // Accounts and sessions
  // sendsEmail: the owner is told when wrong two-factor codes fill the account's window.
  login: write('login', { signsTokens: true, memoryMb: 1024, sendsEmail: true, hashesPasswords: true }),
  getCurrentUser: read('get-current-user'),
  // Seeds the demo account on its first call (`resetDemo()`), which takes a while.
  loginDemo: write('login-demo', { signsTokens: true, memoryMb: 1024, timeoutSeconds: 29 }),
  registerUser: write('register-user', {
    signsTokens: true,
    sendsEmail: true,
    memoryMb: 1024,
    hashesPasswords: true,
  }),
  logout: write('logout'),
  // A password check (scrypt) and, with 2FA on, a code: wrong codes filling the account's window
  // tell the owner by a security email, as at login.
  deleteAccount: write('delete-account', {
    memoryMb: 1024,
    hashesPasswords: true,
    sendsEmail: true,
    files: ['receipts:delete'],
  }),
  updateUser: write('update-user'),
  // A password check (scrypt), mail to the new and old address.
  changeEmail: write('change-email', { sendsEmail: true, memoryMb: 1024, hashesPasswords: true }),
  // A password check and a new hash (scrypt), a new token.
  changePassword: write('change-password', {
    signsTokens: true,
    sendsEmail: true,
    memoryMb: 1024,
    hashesPasswords: true,
  }),
  resendConfirmation: write('resend-confirmation', { sendsEmail: true }),
  forgotPassword: write('forgot-password', { sendsEmail: true }),
  resetPassword: write('reset-password', { sendsEmail: true, memoryMb: 1024, hashesPasswords: true }),
  confirmEmail: write('confirm-email'),
  undoEmailChange: write('undo-email-change'),
  claimVoucherCode: write('claim-voucher-code'),
  updateUserSettings: write('update-user-settings'),
  exportUserData: read('export-user-data'),
  // The link in a budget alert: turns alerts off without signing in.
  unsubscribeBudgetAlerts: write('unsubscribe-budget-alerts'),
  // CSV out and in
  exportTimeActivitiesCsv: read('export-time-activities-csv'),
  exportFinanceActivitiesCsv: read('export-finance-activities-csv'),
  // A year of history (~5,000 rows) in one request: the API's 30 s, less a second (issue 35 item 8).
  importActivities: write('import-activities', { timeoutSeconds: 29 }),
  // Projects
  listProjects: read('list-projects'),
  // Re-creating a project whose deletion is pending finishes it first, receipts' files included.
  createProject: write('create-project', { files: ['receipts:delete'] }),
  updateProject: write('update-project'),
  deleteProject: write('delete-project', { files: ['receipts:delete'] }),
  // Time activities
  listTimesheet: read('list-timesheet'),
  listTimeActivities: read('list-time-activities'),
  createTimeActivity: write('create-time-activity'),
  updateTimeActivity: write('update-time-activity'),
  deleteTimeActivity: write('delete-time-activity'),
  // The running timer
  getTimer: read('get-timer'),
  startTimer: write('start-timer'),
  stopTimer: write('stop-timer'),
  pauseTimer: write('pause-timer'),
  resumeTimer: write('resume-timer'),
  discardTimer: write('discard-timer'),
  // Finance activities
  listFinanceActivities: read('list-finance-activities'),
  createFinanceActivity: write('create-finance-activity'),
  updateFinanceActivity: write('update-finance-activity'),
  deleteFinanceActivity: write('delete-finance-activity', { files: ['receipts:delete'] }),
  // Suggestions
  getProjectTaskList: read('get-project-task-list'),
  getProjectFinanceTaskList: read('get-project-finance-task-list'),
  // Charts and grids
  getTimePerProjectChart: read('get-time-per-project-chart'),
  getTimeTrackedChart: read('get-time-tracked-chart'),
  getProfitLossChart: read('get-profit-loss-chart'),
  getTimePerTaskChart: read('get-time-per-task-chart'),
  getTimePerTaskGrid: read('get-time-per-task-grid'),
  getTimePerSubtaskGrid: read('get-time-per-subtask-grid'),
  getTotalTimeTrackedChart: read('get-total-time-tracked-chart'),
  getProfitLossPerHourChart: read('get-profit-loss-per-hour-chart'),
  // Clients, tag suggestions and reports
  listClients: read('list-clients'),
  createClient: write('create-client'),
  updateClient: write('update-client'),
  deleteClient: write('delete-client'),
  getTags: read('get-tags'),
  getReport: read('get-report'),
  getTaxReport: read('get-tax-report'),
  // Embedding (public, read-only, CORS open)
  getEmbeddedChart: read('get-embedded-chart'),
  // The API described as OpenAPI 3.1 (public)
  getOpenapi: read('get-openapi'),
  // Invoices
  getInvoiceSettings: read('get-invoice-settings'),
  updateInvoiceSettings: write('update-invoice-settings'),
  listInvoices: read('list-invoices'),
  createInvoice: write('create-invoice'),
  getInvoice: read('get-invoice'),
  // Sending renders the e-invoice (PDF with its fonts, CII, UBL) and stores it in S3 before it is sent.
  updateInvoice: write('update-invoice', {
    pdfFonts: true,
    memoryMb: 1024,
    timeoutSeconds: 29,
    files: ['documents:write'],
  }),
  deleteInvoice: write('delete-invoice'),
  // Renders with 16 MB of fonts beside it; more memory is more CPU on Lambda.
  getInvoicePdf: read('get-invoice-pdf', {
    pdfFonts: true,
    memoryMb: 1024,
    timeoutSeconds: 29,
    files: ['documents:read'],
  }),
  getInvoiceXrechnung: read('get-invoice-xrechnung', { files: ['documents:read'] }),
  getInvoiceUbl: read('get-invoice-ubl', { files: ['documents:read'] }),
  // Credit notes and email (CONTRACT §9): the email attaches the stored PDF and XRechnung.
  emailInvoice: write('email-invoice', { sendsEmail: true, files: ['documents:read'] }),
  // Two-factor sign-in (the password checks are scrypt; on and off are told by a security email)
  startTwoFactor: write('start-two-factor', { memoryMb: 1024, hashesPasswords: true }),
  confirmTwoFactor: write('confirm-two-factor', { sendsEmail: true }),
  disableTwoFactor: write('disable-two-factor', { sendsEmail: true, memoryMb: 1024, hashesPasswords: true }),
  listApiTokens: read('list-api-tokens'),
  // The password again (scrypt).
  createApiToken: write('create-api-token', { sendsEmail: true, memoryMb: 1024, hashesPasswords: true }),
  deleteApiToken: write('delete-api-token'),
  // Recurring expenses (creating or editing a rule books its due dates up to today at once)
  listRecurringExpenses: read('list-recurring-expenses'),
  createRecurringExpense: write('create-recurring-expense'),
  updateRecurringExpense: write('update-recurring-expense'),
  deleteRecurringExpense: write('delete-recurring-expense'),
  // E-invoices received (issue 37): reads a PDF of up to 10 MB with pdf-lib (more memory is more
  // CPU) and keeps the file as the expense's receipt (`keepFileAsReceipt` puts it in S3).
  createExpenseFromEinvoice: write('create-expense-from-einvoice', {
    memoryMb: 1024,
    timeoutSeconds: 29,
    files: ['receipts:upload'],
  }),
  // Receipts (issue 37): signing the upload, opening, removing (the file too).
  createReceipt: write('create-receipt', { files: ['receipts:upload'] }),
  getReceipt: read('get-receipt', { files: ['receipts:read'] }),
  deleteReceipt: write('delete-receipt', { files: ['receipts:delete'] }),
  exportUserFiles: read('export-user-files', { files: ['receipts:read', 'documents:read'] }),
};

const routeOfEndpoint = (name: EndpointName, e: Endpoint, d: Deployment): RouteDefinition => ({
  name,
  method: e.method,
  path: e.path,
  auth: e.auth,
  acceptsApiTokens: e.auth && e.tokenScope !== 'none',
  handler: d.handler,
  access: d.access,
  needs: d.needs ?? {},
});

/** Every route: an endpoint with its deployment. */
export const ROUTES: readonly RouteDefinition[] = (Object.keys(DEPLOYMENTS) as EndpointName[]).map((name) =>
  routeOfEndpoint(name, ENDPOINTS[name], DEPLOYMENTS[name]),
);

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
