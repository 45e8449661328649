import * as z from 'zod/mini';
import { schemaMessage } from './error-codes';
import { requiredTextField } from './fields';
import { type Built, lazy } from './lazy';
import { PASSWORD_MAX_LENGTH } from './limits';

/**
 * Two-factor sign-in and API tokens (CONTRACT §8): request bodies and answers. A missing body is
 * read as an empty object, so it answers the first "… is required" message.
 */

const object = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.pipe(
    z.transform((value: unknown) => value ?? {}),
    z.object(shape, { error: schemaMessage('BODY_NOT_OBJECT') }),
  );

/** The longest code the server looks at: a TOTP is 6 digits, a recovery code 11 characters. */
export const MAX_CODE_LENGTH = 32;
/** How many recovery codes turning 2FA on gives (each works once). */
export const RECOVERY_CODE_COUNT = 10;
/** The most API tokens one account holds at a time. */
export const MAX_API_TOKENS = 20;
/** An API token's name: up to 100 characters. */
export const MAX_API_TOKEN_NAME = 100;

const codeRequired = schemaMessage('FIELD_REQUIRED', { field: 'code' });
/** A TOTP or a recovery code as typed: spaces and dashes are the reader's, not the code's. */
export const codeField = /* @__PURE__ */ lazy(() =>
  z
    .string({ error: codeRequired })
    .check(
      z.trim(),
      z.minLength(1, codeRequired),
      z.maxLength(MAX_CODE_LENGTH, schemaMessage('TEXT_TOO_LONG', { field: 'code', max: MAX_CODE_LENGTH })),
    ),
);

const passwordRequired = schemaMessage('FIELD_REQUIRED', { field: 'password' });
const passwordField = /* @__PURE__ */ lazy(() =>
  z
    .string({ error: passwordRequired })
    .check(
      z.minLength(1, passwordRequired),
      z.maxLength(
        PASSWORD_MAX_LENGTH,
        schemaMessage('TEXT_TOO_LONG', { field: 'password', max: PASSWORD_MAX_LENGTH }),
      ),
    ),
);

/** `POST /api/users/2fa`: the password again, as before any change to how the account signs in. */
export const startTwoFactorBody = /* @__PURE__ */ lazy(() => object({ password: passwordField() }));
/** `POST /api/users/2fa/confirm`: a code from the app the secret was scanned into. */
export const confirmTwoFactorBody = /* @__PURE__ */ lazy(() => object({ code: codeField() }));
/** `DELETE /api/users/2fa`: the password and a code (TOTP or recovery code). */
export const disableTwoFactorBody = /* @__PURE__ */ lazy(() =>
  object({ password: passwordField(), code: codeField() }),
);
/**
 * `DELETE /api/users`: the password again, and a code when two-factor sign-in is on (issue 34,
 * item 10), so a session left open on a shared computer cannot delete the account.
 */
export const deleteAccountBody = /* @__PURE__ */ lazy(() =>
  object({ password: passwordField(), code: z.optional(codeField()) }),
);

export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** `POST /api/apitokens`. */
export const createApiTokenBody = /* @__PURE__ */ lazy(() =>
  object({
    name: requiredTextField('name', MAX_API_TOKEN_NAME),
    scope: z.enum(API_TOKEN_SCOPES, {
      error: schemaMessage('NOT_ONE_OF', { field: 'scope', options: API_TOKEN_SCOPES.join(', ') }),
    }),
    /** The password again, and a code when two-factor sign-in is on (issue 35, item 4). */
    password: passwordField(),
    code: z.optional(codeField()),
  }),
);

export const twoFactorSetup = /* @__PURE__ */ lazy(() =>
  z.object({ secret: z.string(), otpauthUrl: z.string() }),
);
/** Turning 2FA on: the recovery codes, and a new token for this session (every other one ended). */
export const recoveryCodes = /* @__PURE__ */ lazy(() =>
  z.object({ recoveryCodes: z.array(z.string()), token: z.string() }),
);

/** An API token as listed: never the token itself. */
export const apiToken = /* @__PURE__ */ lazy(() =>
  z.object({
    _id: z.string(),
    name: z.string(),
    scope: z.enum(API_TOKEN_SCOPES),
    createdAt: z.string(),
    lastUsedAt: z.nullable(z.string()),
  }),
);
export type ApiToken = z.infer<Built<typeof apiToken>>;
/** The answer of a create: the one time the token is shown. */
export const createdApiToken = /* @__PURE__ */ lazy(() => z.extend(apiToken(), { token: z.string() }));
export type CreatedApiToken = z.infer<Built<typeof createdApiToken>>;

export type CreateApiTokenBody = z.input<Built<typeof createApiTokenBody>>;
/** Body of `DELETE /api/users`. */
export type DeleteAccountBody = z.input<Built<typeof deleteAccountBody>>;
