import { endpoint } from '../endpoint';
import {
  confirmTwoFactorBody,
  disableTwoFactorBody,
  recoveryCodes,
  startTwoFactorBody,
  twoFactorSetup,
} from '../security';
import { CURRENT_USER } from '../stale';
import { limited } from './shapes';

/**
 * Two-factor sign-in (CONTRACT §8). Under `/api/users`, so closed to API tokens (`tokenScope:
 * 'none'`): a token cannot change how the account signs in.
 */

const signedInOnly = { auth: true, tokenScope: 'none' } as const;

export const startTwoFactor = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/users/2fa',
  ...signedInOnly,
  body: startTwoFactorBody,
  .../* @__PURE__ */ limited(
    'Begin turning on two-factor sign-in: a new TOTP secret to scan (the password again)',
    twoFactorSetup,
  ),
  // The password is hashed: 503 when too many hash at once.
  errors: [409, 429, 503],
  invalidates: [],
  invalidatesNothing:
    'The secret is not in force until it is confirmed (`confirmTwoFactor`): no answer changes',
});

export const confirmTwoFactor = /* @__PURE__ */ endpoint({
  method: 'POST',
  path: '/api/users/2fa/confirm',
  ...signedInOnly,
  body: confirmTwoFactorBody,
  .../* @__PURE__ */ limited(
    'Turn two-factor sign-in on with a code of the new secret; answers 10 single-use recovery codes',
    recoveryCodes,
  ),
  errors: [409, 429],
  invalidates: CURRENT_USER,
});

export const disableTwoFactor = /* @__PURE__ */ endpoint({
  method: 'DELETE',
  path: '/api/users/2fa',
  ...signedInOnly,
  body: disableTwoFactorBody,
  summary: 'Turn two-factor sign-in off (the password and a code or recovery code)',
  answers: { 204: 'none' },
  errors: [409, 429, 503],
  invalidates: CURRENT_USER,
});
