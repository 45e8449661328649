import * as z from 'zod/mini';
import { CURRENCIES, LANGUAGES, NUMBER_FORMATS, VAT_BASES, WEEK_STARTS } from './enums';
import { schemaMessage } from './error-codes';
import { MAX_NAME_LENGTH, requiredTextField } from './fields';
import { type Built, lazy } from './lazy';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';
import { ROUNDING_MINUTES, ROUNDING_MODES } from './rounding';
import { codeField } from './security';

/**
 * Request schemas of the account endpoints, with the specification's messages. A missing body is
 * read as an empty object, so it answers the first "… is required" message rather than a type error.
 */
const requiredString = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLong));

const object = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.pipe(
    z.transform((value: unknown) => value ?? {}),
    z.object(shape, { error: schemaMessage('BODY_NOT_OBJECT') }),
  );

const MAX_EMAIL_LENGTH = 254;
const emailRequired = schemaMessage('FIELD_REQUIRED', { field: 'email' });
const emailTooLong = schemaMessage('TEXT_TOO_LONG', { field: 'email', max: MAX_EMAIL_LENGTH });
const passwordRequired = schemaMessage('FIELD_REQUIRED', { field: 'password' });
const passwordTooLong = schemaMessage('TEXT_TOO_LONG', { field: 'password', max: PASSWORD_MAX_LENGTH });

/** A person's name: any text up to 200 characters (code points), as every name (`MAX_NAME_LENGTH`). */
export const nameField = /* @__PURE__ */ lazy(() => requiredTextField('name', MAX_NAME_LENGTH));
export const emailField = /* @__PURE__ */ lazy(() =>
  z.pipe(
    requiredString(emailRequired, MAX_EMAIL_LENGTH, emailTooLong),
    z.email({ error: schemaMessage('INVALID_EMAIL') }),
  ),
);
/** Any email-shaped input for login and reset (an old account's address is never refused for its form). */
export const loginEmailField = /* @__PURE__ */ lazy(() =>
  requiredString(emailRequired, MAX_EMAIL_LENGTH, emailTooLong),
);
export const passwordField = /* @__PURE__ */ lazy(() =>
  z
    .string({ error: passwordRequired })
    .check(z.minLength(1, passwordRequired), z.maxLength(PASSWORD_MAX_LENGTH, passwordTooLong)),
);
export const newPasswordField = /* @__PURE__ */ lazy(() =>
  z.string({ error: passwordRequired }).check(
    z.minLength(1, passwordRequired),
    z.maxLength(PASSWORD_MAX_LENGTH, passwordTooLong),
    // Characters, not UTF-16 units: four emoji are four characters, not eight.
    z.refine((value) => [...value].length >= PASSWORD_MIN_LENGTH, {
      message: schemaMessage('PASSWORD_TOO_SHORT', { min: PASSWORD_MIN_LENGTH }),
    }),
  ),
);

const currentPasswordRequired = schemaMessage('FIELD_REQUIRED', { field: 'currentPassword' });
export const currentPasswordField = /* @__PURE__ */ lazy(() =>
  z
    .string({ error: currentPasswordRequired })
    .check(z.minLength(1, currentPasswordRequired), z.maxLength(PASSWORD_MAX_LENGTH, passwordTooLong)),
);

const oneOf = <T extends readonly [string, ...string[]]>(
  field: 'language' | 'currency' | 'numberFormat' | 'weekStart' | 'vatBasis',
  values: T,
) => z.enum(values, { error: schemaMessage('NOT_ONE_OF', { field, options: values.join(', ') }) });

const languageField = /* @__PURE__ */ lazy(() => oneOf('language', LANGUAGES));
/** The language the app was showing: that of the emails of a user who has not chosen one. */
const requestLanguage = /* @__PURE__ */ lazy(() => z.optional(languageField()));

export const registerBody = /* @__PURE__ */ lazy(() =>
  object({
    name: nameField(),
    email: emailField(),
    password: newPasswordField(),
    language: requestLanguage(),
  }),
);
/** `code`: the TOTP or a recovery code, when the account has two-factor sign-in on (CONTRACT §8). */
export const loginBody = /* @__PURE__ */ lazy(() =>
  object({
    email: loginEmailField(),
    password: passwordField(),
    code: z.optional(codeField()),
  }),
);
export const forgotPasswordBody = /* @__PURE__ */ lazy(() =>
  object({ email: loginEmailField(), language: requestLanguage() }),
);
export const resetPasswordBody = /* @__PURE__ */ lazy(() =>
  object({
    email: loginEmailField(),
    password: newPasswordField(),
    password2: z.string({ error: schemaMessage('PASSWORDS_DIFFER') }),
    resetToken: requiredString(
      schemaMessage('RESET_TOKEN_REQUIRED'),
      200,
      schemaMessage('RESET_LINK_INVALID'),
    ),
  }).check(
    z.refine((body) => body.password === body.password2, {
      message: schemaMessage('PASSWORDS_DIFFER'),
      path: ['password2'],
    }),
  ),
);

export const logoutBody = /* @__PURE__ */ lazy(() =>
  object({
    everywhere: z._default(
      z.boolean({ error: schemaMessage('NOT_BOOLEAN', { field: 'everywhere' }) }),
      false,
    ),
  }),
);
export const changeNameBody = /* @__PURE__ */ lazy(() => object({ name: nameField() }));
export const changeEmailBody = /* @__PURE__ */ lazy(() =>
  object({ email: emailField(), password: passwordField() }),
);
export const changePasswordBody = /* @__PURE__ */ lazy(() =>
  object({
    currentPassword: currentPasswordField(),
    password: newPasswordField(),
    /** Keep the account's API tokens working; by default a password change revokes them all. */
    keepApiTokens: z.optional(z.boolean({ error: schemaMessage('NOT_BOOLEAN', { field: 'keepApiTokens' }) })),
  }),
);

const flag = (field: 'enableEmbedding' | 'showPoweredBy' | 'hasSeenTutorial' | 'budgetAlerts') =>
  z.optional(z.boolean({ error: schemaMessage('NOT_BOOLEAN', { field }) }));

const roundingMessage = { error: schemaMessage('INVALID_ROUNDING') };
/** How reports and invoices round each entry: `{mode, minutes}`, both from the contract's lists. */
const roundingField = /* @__PURE__ */ lazy(() =>
  z.object(
    {
      mode: z.enum(ROUNDING_MODES, roundingMessage),
      minutes: z.literal(ROUNDING_MINUTES, roundingMessage),
    },
    roundingMessage,
  ),
);

/** The longest minimum entry length a user may set: an hour. */
export const MAX_MINIMUM_ENTRY_SECONDS = 3600;
const MINIMUM_ENTRY_MESSAGE = schemaMessage('INVALID_MINIMUM_ENTRY', { max: MAX_MINIMUM_ENTRY_SECONDS });

export const settingsBody = /* @__PURE__ */ lazy(() =>
  z.object(
    {
      currency: z.optional(oneOf('currency', CURRENCIES)),
      numberFormat: z.optional(oneOf('numberFormat', NUMBER_FORMATS)),
      enableEmbedding: flag('enableEmbedding'),
      showPoweredBy: flag('showPoweredBy'),
      hasSeenTutorial: flag('hasSeenTutorial'),
      budgetAlerts: flag('budgetAlerts'),
      language: z.optional(languageField()),
      weekStart: z.optional(oneOf('weekStart', WEEK_STARTS)),
      /** How reports and invoices round each entry (`{mode, minutes}`). */
      rounding: z.optional(roundingField()),
      /** When output VAT is owed in the tax report (CONTRACT §9 "The tax period"). */
      vatBasis: z.optional(oneOf('vatBasis', VAT_BASES)),
      /** Entries shorter than this are left out of invoice drafts (CONTRACT §9); 0 to 3,600. */
      minimumEntrySeconds: z.optional(
        z
          .number({ error: MINIMUM_ENTRY_MESSAGE })
          .check(
            z.int(MINIMUM_ENTRY_MESSAGE),
            z.gte(0, MINIMUM_ENTRY_MESSAGE),
            z.lte(MAX_MINIMUM_ENTRY_SECONDS, MINIMUM_ENTRY_MESSAGE),
          ),
      ),
    },
    { error: schemaMessage('SETTINGS_NOT_OBJECT') },
  ),
);
/** The settings a user may change (POST /api/usersettings): only those sent are changed. */
export type UserSettings = z.infer<Built<typeof settingsBody>>;

/**
 * What a client may send to an account endpoint: the input of the body's object. The schemas first
 * read a missing body as `{}`, which alone would make their input `unknown`.
 */
type BodyInput<S> = S extends z.ZodMiniPipe<z.core.SomeType, infer O> ? z.input<O> : z.input<S>;

/** Body of POST /api/users (sign-up). */
export type RegisterBody = BodyInput<Built<typeof registerBody>>;
/** Body of POST /api/auth (login). */
export type LoginBody = BodyInput<Built<typeof loginBody>>;
/** Body of POST /api/forgotpassword. */
export type ForgotPasswordBody = BodyInput<Built<typeof forgotPasswordBody>>;
/** Body of PUT /api/resetpassword. */
export type ResetPasswordBody = BodyInput<Built<typeof resetPasswordBody>>;
/** Body of POST /api/auth/logout (none at all is `{everywhere: false}`). */
export type LogoutBody = BodyInput<Built<typeof logoutBody>>;
/** Body of PUT /api/users. */
export type ChangeNameBody = BodyInput<Built<typeof changeNameBody>>;
/** Body of PUT /api/users/email. */
export type ChangeEmailBody = BodyInput<Built<typeof changeEmailBody>>;
/** Body of PUT /api/users/password. */
export type ChangePasswordBody = BodyInput<Built<typeof changePasswordBody>>;
/** Body of POST /api/usersettings. */
export type UserSettingsBody = z.input<Built<typeof settingsBody>>;

/** Body of POST /api/undoemailchange: the token of the link mailed to the old address. */
export const undoEmailChangeBody = /* @__PURE__ */ lazy(() =>
  object({
    token: requiredString(schemaMessage('UNDO_LINK_INVALID'), 200, schemaMessage('UNDO_LINK_INVALID')),
  }),
);
export type UndoEmailChangeBody = BodyInput<Built<typeof undoEmailChangeBody>>;

export const tokenPath = /* @__PURE__ */ lazy(() => z.object({ token: z.string().check(z.maxLength(200)) }));
export const voucherPath = /* @__PURE__ */ lazy(() => z.object({ code: z.string().check(z.maxLength(100)) }));
