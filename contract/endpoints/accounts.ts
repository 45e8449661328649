import * as z from 'zod/mini';
import {
  changeEmailBody,
  changeNameBody,
  changePasswordBody,
  forgotPasswordBody,
  loginBody,
  logoutBody,
  registerBody,
  resetPasswordBody,
  settingsBody,
  tokenPath,
  undoEmailChangeBody,
  voucherPath,
} from '../accounts';
import { endpoint } from '../endpoint';
import { exportUserDataQuerySchema } from '../queries';
import { recurringExpense } from '../recurring';
import * as r from '../responses';
import { apiToken, deleteAccountBody } from '../security';
import { CURRENT_USER } from '../stale';
import { byId, limited } from './shapes';

/**
 * Accounts and sessions. API tokens may not touch the account (`/api/users…`) or log out
 * (CONTRACT §8): those are `tokenScope: 'none'`.
 */

const publicRoute = { auth: false, tokenScope: 'none' } as const;

/** A password hash: 429 past the attempt limits, 503 `SIGN_IN_BUSY` (with `Retry-After`) when too many hash at once. */
const PASSWORD_HASHING = [429, 503] as const;

export const login = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/auth',
  ...publicRoute,
  body: loginBody,
  .../* @__PURE__ */ limited(
    'Log in (with `code` when two-factor sign-in is on: 401 `TWO_FACTOR_REQUIRED` without it)',
    r.token,
  ),
  errors: [401, 429, 503],
  invalidates: CURRENT_USER,
});

export const getCurrentUser = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/auth',
  summary: 'The signed-in user and the free plan limits',
  auth: true,
  tokenScope: 'read',
  answers: { 200: r.user },
});

export const loginDemo = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/auth/demo',
  ...publicRoute,
  .../* @__PURE__ */ limited('Log in to the shared demo account', r.token),
  invalidates: CURRENT_USER,
});

export const registerUser = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/users',
  ...publicRoute,
  body: registerBody,
  .../* @__PURE__ */ limited('Sign up', r.token),
  errors: PASSWORD_HASHING,
  invalidates: CURRENT_USER,
});

export const logout = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/auth/logout',
  summary: 'Log out (this session or everywhere)',
  auth: true,
  tokenScope: 'none',
  body: logoutBody,
  answers: { 204: 'none' },
  invalidates: CURRENT_USER,
});

export const deleteAccount = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/users',
  summary: 'Delete the account and everything in it, after the password (and a code with 2FA on)',
  auth: true,
  tokenScope: 'none',
  body: deleteAccountBody,
  answers: { 200: r.message },
  // Wrong passwords and codes count against the failed-login limits; the check is a password hash.
  errors: PASSWORD_HASHING,
  invalidates: CURRENT_USER,
});

export const updateUser = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/users',
  summary: 'Change the name',
  auth: true,
  tokenScope: 'none',
  body: changeNameBody,
  answers: { 200: r.user },
  invalidates: CURRENT_USER,
});

export const changeEmail = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/users/email',
  auth: true,
  tokenScope: 'none',
  body: changeEmailBody,
  .../* @__PURE__ */ limited('Change the email address', r.user),
  errors: PASSWORD_HASHING,
  invalidates: CURRENT_USER,
});

export const changePassword = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/users/password',
  auth: true,
  tokenScope: 'none',
  body: changePasswordBody,
  .../* @__PURE__ */ limited('Change the password (answers a new token; other sessions end)', r.token),
  errors: PASSWORD_HASHING,
  invalidates: [],
  invalidatesNothing:
    'No answer shows the password; the sessions it ends are other devices’ (this one carries on with the new token)',
});

export const resendConfirmation = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/confirmemail',
  auth: true,
  tokenScope: 'write',
  .../* @__PURE__ */ limited('Send the confirmation email again', r.message),
  // A capped mail may be held back: the user's `mailHeldUntil`.
  invalidates: CURRENT_USER,
});

export const forgotPassword = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/forgotpassword',
  ...publicRoute,
  body: forgotPasswordBody,
  .../* @__PURE__ */ limited('Email a password reset link', r.message),
  invalidates: [],
  invalidatesNothing:
    'Public: mails a reset link to an address; the caller is signed in to no account whose answers it keeps',
});

export const resetPassword = /* @__PURE__ */ endpoint({
  method: 'PUT',
  path: '/api/resetpassword',
  ...publicRoute,
  body: resetPasswordBody,
  .../* @__PURE__ */ limited('Set a new password with a reset token', r.message),
  errors: PASSWORD_HASHING,
  invalidates: CURRENT_USER,
});

/** A POST from the app's page, not the mailed GET: a mail client's link scanner must not undo it. */
export const undoEmailChange = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/undoemailchange',
  summary: 'Undo a change of the email address with the link mailed to the old one (every session ends)',
  ...publicRoute,
  body: undoEmailChangeBody,
  answers: { 200: r.message },
  invalidates: CURRENT_USER,
});

export const confirmEmail = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/confirmemail/{token}',
  ...publicRoute,
  params: tokenPath,
  .../* @__PURE__ */ byId('Confirm the email address', r.user),
});

export const claimVoucherCode = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/claimvouchercode/{code}',
  auth: true,
  tokenScope: 'write',
  params: voucherPath,
  .../* @__PURE__ */ limited('Claim a voucher code (premium)', () => z.literal(true)),
  invalidates: CURRENT_USER,
});

export const updateUserSettings = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/usersettings',
  summary: 'Change settings',
  auth: true,
  tokenScope: 'write',
  body: settingsBody,
  answers: { 200: r.user },
  // Rounding changes the report, the VAT basis the tax report, the embedding the embedded charts.
  invalidates: [...CURRENT_USER, 'getReport', 'getTaxReport', 'getEmbeddedChart'],
});

export const exportUserData = /* @__PURE__ */ endpoint({
  method: 'GET',
  path: '/api/exportuserdata',
  summary: 'Export all data (paged by `x-next-cursor`)',
  auth: true,
  tokenScope: 'read',
  query: exportUserDataQuerySchema,
  answers: {
    200: () =>
      z.object({
        user: z.omit(r.user(), { limits: true }),
        projects: z.array(r.project()),
        timeActivities: z.array(r.timeActivity()),
        financeActivities: z.array(r.financeActivity()),
        invoices: z.array(r.invoice()),
        clients: z.array(r.client()),
        invoiceSettings: z.nullable(r.invoiceSettings()),
        timer: z.nullable(r.timerState()),
        apiTokens: z.array(apiToken()),
        // Recurring expenses (CONTRACT §9): every rule, on the first page.
        recurringExpenses: z.array(recurringExpense()),
        exportedAt: z.string(),
      }),
  },
  paged: true,
});
