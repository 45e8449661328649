import * as z from 'zod/mini';
import { CURRENCIES, LANGUAGES, NUMBER_FORMATS } from './enums';
import { MAX_NAME_LENGTH, requiredTextField } from './fields';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';

/**
 * Request schemas of the account endpoints, with the specification's messages. A missing body is
 * read as an empty object, so it answers the first "… is required" message rather than a type error.
 */
const requiredString = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLong));

const object = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.pipe(
    z.transform((value: unknown) => value ?? {}),
    z.object(shape, { error: 'The request body must be a JSON object' }),
  );

/** A person's name: any text up to 200 characters (code points), as every name (`MAX_NAME_LENGTH`). */
export const nameField = requiredTextField('Name', MAX_NAME_LENGTH);
export const emailField = z.pipe(
  requiredString('Email is required', 254, 'Email must be at most 254 characters'),
  z.email({ error: 'Please include a valid email' }),
);
/** Any email-shaped input for login and reset (an old account's address is never refused for its form). */
export const loginEmailField = requiredString(
  'Email is required',
  254,
  'Email must be at most 254 characters',
);
export const passwordField = z
  .string({ error: 'Password is required' })
  .check(
    z.minLength(1, 'Password is required'),
    z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  );
export const newPasswordField = z.string({ error: 'Password is required' }).check(
  z.minLength(1, 'Password is required'),
  z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  z.refine((value) => value.length >= PASSWORD_MIN_LENGTH, {
    message: `Please enter a password with ${PASSWORD_MIN_LENGTH} or more characters`,
  }),
);

export const currentPasswordField = z
  .string({ error: 'Current password is required' })
  .check(
    z.minLength(1, 'Current password is required'),
    z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  );

const languageField = z.enum(LANGUAGES, { error: `Language must be one of ${LANGUAGES.join(', ')}` });
/** The language the app was showing: that of the emails of a user who has not chosen one. */
const requestLanguage = z.optional(languageField);

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
  password2: z.string({ error: 'Please make sure that your passwords match' }),
  resetToken: requiredString('The reset token is required', 200, 'This password reset link is not valid'),
}).check(
  z.refine((body) => body.password === body.password2, {
    message: 'Please make sure that your passwords match',
    path: ['password2'],
  }),
);

export const logoutBody = object({
  everywhere: z._default(z.boolean({ error: 'everywhere must be true or false' }), false),
});
export const changeNameBody = object({ name: nameField });
export const changeEmailBody = object({ email: emailField, password: passwordField });
export const changePasswordBody = object({
  currentPassword: currentPasswordField,
  password: newPasswordField,
});

const flag = (name: string) => z.optional(z.boolean({ error: `${name} must be true or false` }));

export const settingsBody = z.object(
  {
    currency: z.optional(z.enum(CURRENCIES, { error: `Currency must be one of ${CURRENCIES.join(', ')}` })),
    numberFormat: z.optional(
      z.enum(NUMBER_FORMATS, { error: `Number format must be one of ${NUMBER_FORMATS.join(', ')}` }),
    ),
    enableEmbedding: flag('enableEmbedding'),
    showPoweredBy: flag('showPoweredBy'),
    hasSeenTutorial: flag('hasSeenTutorial'),
    language: z.optional(languageField),
  },
  { error: 'The settings must be a JSON object' },
);

export const tokenPath = z.object({ token: z.string().check(z.maxLength(200)) });
export const voucherPath = z.object({ code: z.string().check(z.maxLength(100)) });
