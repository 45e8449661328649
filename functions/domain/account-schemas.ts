import * as z from 'zod';
import { CURRENCIES, LANGUAGES, NUMBER_FORMATS } from '../data/users';
import { PASSWORD_MIN_LENGTH } from './accounts';
import { MAX_NAME_LENGTH, requiredTextField } from './fields';

/**
 * Request schemas of the account endpoints, with the specification's messages. A missing body is
 * read as an empty object, so it answers the first "… is required" message rather than a type error.
 */
const requiredString = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong);

const object = <S extends z.ZodRawShape>(shape: S) =>
  z.preprocess((value) => value ?? {}, z.object(shape, { error: 'The request body must be a JSON object' }));

/** A person's name: any text up to 200 characters (code points), as every name. */
export const nameField = requiredTextField('Name', MAX_NAME_LENGTH);
export const emailField = requiredString(
  'Email is required',
  254,
  'Email must be at most 254 characters',
).pipe(z.email({ error: 'Please include a valid email' }));
/** Any email-shaped input for login and reset (an old account's address is never refused for its form). */
export const loginEmailField = requiredString(
  'Email is required',
  254,
  'Email must be at most 254 characters',
);
export const passwordField = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(200, 'Password must be at most 200 characters');
export const newPasswordField = passwordField.refine((value) => value.length >= PASSWORD_MIN_LENGTH, {
  message: `Please enter a password with ${PASSWORD_MIN_LENGTH} or more characters`,
});

export const currentPasswordField = z
  .string({ error: 'Current password is required' })
  .min(1, 'Current password is required')
  .max(200, 'Password must be at most 200 characters');

const languageField = z.enum(LANGUAGES, { error: `Language must be one of ${LANGUAGES.join(', ')}` });
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
  password2: z.string({ error: 'Please make sure that your passwords match' }),
  resetToken: requiredString('The reset token is required', 200, 'This password reset link is not valid'),
}).refine((body) => body.password === body.password2, {
  message: 'Please make sure that your passwords match',
  path: ['password2'],
});

export const logoutBody = object({
  everywhere: z.boolean({ error: 'everywhere must be true or false' }).default(false),
});
export const changeNameBody = object({ name: nameField });
export const changeEmailBody = object({ email: emailField, password: passwordField });
export const changePasswordBody = object({
  currentPassword: currentPasswordField,
  password: newPasswordField,
});

const flag = (name: string) => z.boolean({ error: `${name} must be true or false` }).optional();

export const settingsBody = z.object(
  {
    currency: z.enum(CURRENCIES, { error: `Currency must be one of ${CURRENCIES.join(', ')}` }).optional(),
    numberFormat: z
      .enum(NUMBER_FORMATS, { error: `Number format must be one of ${NUMBER_FORMATS.join(', ')}` })
      .optional(),
    enableEmbedding: flag('enableEmbedding'),
    showPoweredBy: flag('showPoweredBy'),
    hasSeenTutorial: flag('hasSeenTutorial'),
    language: languageField.optional(),
  },
  { error: 'The settings must be a JSON object' },
);

export const tokenPath = z.object({ token: z.string().max(200) });
export const voucherPath = z.object({ code: z.string().max(100) });
