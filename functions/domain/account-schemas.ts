import * as z from 'zod';
import { CURRENCIES, LANGUAGES, NUMBER_FORMATS } from '../data/users';
import { schemaMessage } from '../lib/errors';
import { PASSWORD_MIN_LENGTH } from './accounts';
import { MAX_NAME_LENGTH, requiredTextField } from './fields';

/**
 * Request schemas of the account endpoints, with the specification's messages. A missing body is
 * read as an empty object, so it answers the first "… is required" message rather than a type error.
 */
const requiredString = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong);

const object = <S extends z.ZodRawShape>(shape: S) =>
  z.preprocess((value) => value ?? {}, z.object(shape, { error: schemaMessage('BODY_NOT_OBJECT') }));

const MAX_EMAIL_LENGTH = 254;
const MAX_PASSWORD_LENGTH = 200;
const emailRequired = schemaMessage('FIELD_REQUIRED', { field: 'email' });
const emailTooLong = schemaMessage('TEXT_TOO_LONG', { field: 'email', max: MAX_EMAIL_LENGTH });
const passwordTooLong = schemaMessage('TEXT_TOO_LONG', { field: 'password', max: MAX_PASSWORD_LENGTH });

/** A person's name: any text up to 200 characters (code points), as every name (CONTRACT §7). */
export const nameField = requiredTextField('name', MAX_NAME_LENGTH);
export const emailField = requiredString(emailRequired, MAX_EMAIL_LENGTH, emailTooLong).pipe(
  z.email({ error: schemaMessage('INVALID_EMAIL') }),
);
/** Any email-shaped input for login and reset (an old account's address is never refused for its form). */
export const loginEmailField = requiredString(emailRequired, MAX_EMAIL_LENGTH, emailTooLong);
export const passwordField = z
  .string({ error: schemaMessage('FIELD_REQUIRED', { field: 'password' }) })
  .min(1, schemaMessage('FIELD_REQUIRED', { field: 'password' }))
  .max(MAX_PASSWORD_LENGTH, passwordTooLong);
export const newPasswordField = passwordField.refine((value) => value.length >= PASSWORD_MIN_LENGTH, {
  message: schemaMessage('PASSWORD_TOO_SHORT', { min: PASSWORD_MIN_LENGTH }),
});

export const currentPasswordField = z
  .string({ error: schemaMessage('FIELD_REQUIRED', { field: 'currentPassword' }) })
  .min(1, schemaMessage('FIELD_REQUIRED', { field: 'currentPassword' }))
  .max(MAX_PASSWORD_LENGTH, passwordTooLong);

const oneOf = <T extends readonly [string, ...string[]]>(
  field: 'language' | 'currency' | 'numberFormat',
  values: T,
) => z.enum(values, { error: schemaMessage('NOT_ONE_OF', { field, options: values.join(', ') }) });

const languageField = oneOf('language', LANGUAGES);
/** The language the app was showing: that of the emails of a user who has not chosen one. */
const requestLanguage = languageField.optional();

export const registerBody = object({
  name: nameField,
  email: emailField,
  password: newPasswordField,
  language: requestLanguage,
});
export const loginBody = object({ email: loginEmailField, password: passwordField });
export const forgotPasswordBody = object({ email: loginEmailField, language: requestLanguage });
export const resetPasswordBody = object({
  email: loginEmailField,
  password: newPasswordField,
  password2: z.string({ error: schemaMessage('PASSWORDS_DIFFER') }),
  resetToken: requiredString(schemaMessage('RESET_TOKEN_REQUIRED'), 200, schemaMessage('RESET_LINK_INVALID')),
}).refine((body) => body.password === body.password2, {
  message: schemaMessage('PASSWORDS_DIFFER'),
  path: ['password2'],
});

export const logoutBody = object({
  everywhere: z.boolean({ error: schemaMessage('NOT_BOOLEAN', { field: 'everywhere' }) }).default(false),
});
export const changeNameBody = object({ name: nameField });
export const changeEmailBody = object({ email: emailField, password: passwordField });
export const changePasswordBody = object({
  currentPassword: currentPasswordField,
  password: newPasswordField,
});

const flag = (field: 'enableEmbedding' | 'showPoweredBy' | 'hasSeenTutorial') =>
  z.boolean({ error: schemaMessage('NOT_BOOLEAN', { field }) }).optional();

export const settingsBody = z.object(
  {
    currency: oneOf('currency', CURRENCIES).optional(),
    numberFormat: oneOf('numberFormat', NUMBER_FORMATS).optional(),
    enableEmbedding: flag('enableEmbedding'),
    showPoweredBy: flag('showPoweredBy'),
    hasSeenTutorial: flag('hasSeenTutorial'),
    language: languageField.optional(),
  },
  { error: schemaMessage('SETTINGS_NOT_OBJECT') },
);

export const tokenPath = z.object({ token: z.string().max(200) });
export const voucherPath = z.object({ code: z.string().max(100) });
