import { API_FIELDS, type ApiField } from './api-fields';
/**
 * Every error code the API answers (`{"errors":[{msg, code, param?, values?}]}`) and its English
 * message: the one list of them. `msg` is rendered from the template here (the specification's
 * wording where it has one), `values` carries what the template was filled with, so a client can
 * show its own words for the code with the same values. The app's catalogues translate every code
 * and every field here (`frontend/src/i18n/catalogues.test.ts` reads this module). Imports
 * nothing: the contract's schemas, the functions and the app share it.
 */
export const API_ERRORS = {
  // The request edge (functions/http/) and sessions.
  VALIDATION_ERROR: 'Invalid input',
  INVALID_INPUT: 'The request holds a value that cannot be stored',
  INVALID_JSON: 'Request body must be valid JSON',
  BODY_TOO_DEEP: 'Request body must not be nested more than {{max}} levels deep',
  BODY_NOT_OBJECT: 'The request body must be a JSON object',
  SETTINGS_NOT_OBJECT: 'The settings must be a JSON object',
  PAYLOAD_TOO_LARGE: 'Request body is too large',
  ILL_FORMED_UNICODE: 'Text must be well-formed Unicode: it holds an unpaired surrogate character',
  NOT_THROUGH_CLOUDFRONT: 'Use the app’s address, not the API’s own',
  CSV_EXPECTED: 'Send the file as CSV text (Content-Type: text/csv)',
  CSV_NOT_UTF8: 'The file is not UTF-8 text; save it as CSV UTF-8 and try again',
  BODY_NOT_UTF8: 'Request body must be UTF-8 text',
  NO_TOKEN: 'No token, authorization denied',
  INVALID_TOKEN: 'Token is not valid',
  UNAUTHORIZED: 'No valid token, authorization denied',
  NOT_FOUND: 'Not found',
  INTERNAL_ERROR: 'Server error',

  // Fields of any form.
  FIELD_REQUIRED: '{{field}} is required',
  FIELD_EMPTY: '{{field}} must not be empty',
  NOT_TEXT: '{{field}} must be text',
  TEXT_TOO_LONG: '{{field}} must be at most {{max}} characters',
  NOT_BOOLEAN: '{{field}} must be true or false',
  NOT_ONE_OF: '{{field}} must be one of {{options}}',
  NOT_A_NUMBER: '{{field}} must be a number',
  NOT_WHOLE_NUMBER: '{{field}} must be a whole number',
  OUT_OF_RANGE: '{{field}} must be between {{min}} and {{max}}',
  INVALID_ID: 'The id must be a ULID',
  INVALID_CURSOR: 'Invalid cursor',

  // Accounts.
  INVALID_CREDENTIALS: 'Invalid Credentials',
  USER_EXISTS: 'User already exists',
  USER_NOT_FOUND: 'User not found',
  INVALID_EMAIL: 'Please include a valid email',
  PASSWORD_TOO_SHORT: 'Please enter a password with {{min}} or more characters',
  PASSWORD_TOO_COMMON:
    'This password is one of the most common passwords and easy to guess. Please choose another one.',
  PASSWORD_PERSONAL: 'Please choose a password that does not contain your email address or name.',
  PASSWORD_PATTERN:
    'This password is made of repeated characters, a sequence or a keyboard row, and is easy to guess. Please choose another one.',
  PASSWORD_TOO_WEAK:
    'This password is too easy to guess: it is close to a common password, word or date. A few unrelated words make a strong one.',
  PASSWORDS_DIFFER: 'Please make sure that your passwords match',
  WRONG_PASSWORD: 'Your current password is not correct',
  EMAIL_UNCHANGED: 'This is already your email address',
  EMAIL_ALREADY_CONFIRMED: 'Your email address is already confirmed',
  DEMO_READ_ONLY_ACCOUNT_SETTINGS: 'The demo account’s settings cannot be changed',
  PREMIUM_REQUIRED: 'Please upgrade to premium to hide the "Powered by" text',
  CONFIRM_LINK_INVALID: 'This confirmation link is not valid',
  CONFIRM_LINK_USED: 'This confirmation link has already been used',
  CONFIRM_LINK_EXPIRED: 'This confirmation link has expired',
  RESET_TOKEN_REQUIRED: 'The reset token is required',
  RESET_LINK_INVALID: 'This password reset link is not valid',
  RESET_LINK_USED: 'This password reset link has already been used',
  RESET_LINK_EXPIRED: 'This password reset link has expired. Please request a new one.',
  UNDO_LINK_INVALID: 'This link to undo an email change is not valid',
  UNDO_LINK_USED: 'This email change has already been undone',
  UNDO_LINK_EXPIRED: 'This link to undo an email change has expired. Please reset your password instead.',
  INVALID_VOUCHER_CODE: 'Invalid voucher code',
  UNSUBSCRIBE_LINK_INVALID: 'This link to turn off budget alerts is not valid',
  UNSUBSCRIBE_LINK_EXPIRED:
    'This link to turn off budget alerts has expired. Turn them off in your settings instead.',
  TOO_MANY_REQUESTS: 'Too many attempts. Please try again later.',
  TOO_MANY_LOGINS: 'Too many failed login attempts. Please try again later.',
  TOO_MANY_SIGNUPS: 'Too many sign-ups from this address. Please try again later.',
  TOO_MANY_RESET_REQUESTS: 'Too many password reset requests for this address. Please try again later.',
  TOO_MANY_CONFIRMATION_REQUESTS: 'Too many confirmation emails requested. Please try again later.',
  TOO_MANY_VOUCHER_TRIES: 'Too many wrong voucher codes. Please try again later.',
  TOO_MANY_EMAILS:
    'Too many emails went to this account or address in the last hour. Please try again later.',
  TOO_MANY_TWO_FACTOR_CODES:
    'Too many wrong codes for this account. Codes are refused for a while; please try again later.',
  SIGN_IN_BUSY: 'Too many sign-ins at the same time. Please try again in a few seconds.',

  // Projects, entries, the timer.
  PROJECT_NOT_FOUND: 'Project not found',
  PROJECT_BEING_DELETED: 'A project with this id is still being deleted. Please try again in a minute.',
  FREE_PROJECT_LIMIT: 'Please upgrade to premium to add more than {{limit}} projects',
  FREE_ITEM_LIMIT: 'Please upgrade to premium to add more than {{limit}} items',
  TIME_ACTIVITY_NOT_FOUND: 'Time activity not found',
  FINANCE_ACTIVITY_NOT_FOUND: 'Finance activity not found',
  WRITE_CONFLICT: 'Too many changes at the same time, please try again',
  TIMER_CONFLICT: 'The timer changed at the same time, please try again',
  TIMER_NOT_RUNNING: 'No timer is running',
  TIMER_STATE: 'The timer has already been paused or resumed, perhaps on another device',
  START_AFTER_END: "Woah time traveller! Your start time can't be after your end time!",
  INVALID_DATE: 'Date must be an ISO date',
  INVALID_ACTIVITY_DATE: 'Date must be an ISO date (yyyy-mm-dd or a timestamp)',
  INVALID_DATE_TIME: '{{field}} must be an ISO date-time or null',
  DURATION_NOT_NUMBER: 'Duration must be a number of milliseconds',
  DURATION_NEGATIVE: 'Duration must not be negative',
  DURATION_TOO_LONG: '{{field}} must be at most {{max}} hours',
  AMOUNT_NOT_NUMBER: 'Amount must be a number',
  INVALID_AMOUNT: 'Amount must be a non-negative number with at most 2 decimals, up to {{max}}',
  INVALID_VAT_AMOUNT: 'VAT must be a non-negative number with at most 2 decimals, up to {{max}}',
  INVALID_HOURLY_RATE:
    'Hourly rate must be a non-negative amount with at most 2 decimals, up to {{max}}, or empty',
  UNKNOWN_TIME_ZONE: 'Unknown time zone',
  BUDGET_NOT_OBJECT: 'Budget must be an object with kind, amount and period, or null for no budget',
  INVALID_BUDGET_AMOUNT:
    'Budget amount must be a number greater than 0 with at most 2 decimals, up to {{max}}',
  INVALID_TARGET_RATE:
    'Target hourly rate must be an amount greater than 0 with at most 2 decimals, up to {{max}}, or empty',
  INVALID_TZ: 'tz must be a time zone such as Europe/Berlin',

  // Clients, billable time, tags, rounding and reports.
  CLIENT_NAME_TAKEN: 'You already have a client with this name',
  TAGS_NOT_LIST: 'Tags must be a list of texts',
  TAG_EMPTY: 'A tag must not be empty',
  TAG_TOO_LONG: 'A tag must be at most {{max}} characters',
  TOO_MANY_TAGS: 'An entry may have at most {{max}} tags',
  INVALID_ROUNDING:
    'Rounding must name a mode (none, up, down or nearest) and minutes (1, 5, 6, 10, 15, 30 or 60)',
  ROW_BILLABLE: 'Billable must be Yes or No, not "{{value}}"',

  // Ranges of charts, the timesheet and exports.
  DAY_REQUIRED: '{{field}} is required (yyyy-mm-dd)',
  INVALID_DAY: '{{field}} must be a date (yyyy-mm-dd)',
  INVALID_RANGE_DAY: '{{field}} must be a date in the form yyyy-mm-dd',
  END_BEFORE_START: 'enddate must not be before startdate',
  START_AFTER_END_DAY: 'startdate must not be after enddate',
  RANGE_TOO_LONG: 'The date range must not span more than {{years}} years',
  CHART_NOT_FOUND: 'Chart not found',

  // Imports: the file, and each refused row (`errors: [{line, msg, code, values}]`).
  UNKNOWN_SOURCE: 'Unknown import source',
  EMPTY_FILE: 'The file is empty',
  UNKNOWN_CSV_HEADER: 'This is not a {{source}}. Expected the columns: {{columns}}',
  ROW_UNCLOSED_QUOTE: 'The row has a quote that is never closed',
  ROW_INVALID_DAY: 'Invalid date "{{value}}"',
  ROW_ISO_DATE: '{{column}} must be a date like 2024-01-31, not "{{value}}"',
  ROW_US_DATE: '{{column}} must be a date like 01/31/2024 (MM/DD/YYYY), not "{{value}}"',
  ROW_TIME: '{{column}} must be a time like 13:05:00 or 1:05:00 PM, not "{{value}}"',
  ROW_DURATION: '{{column}} must be a duration like 01:30:00, not "{{value}}"',
  ROW_HOURS: '{{column}} must be a number of hours like 1.5 or 0,25, not "{{value}}"',
  ROW_HOURS_TOO_LONG: '{{column}} must be at most {{max}} hours',
  ROW_TYPE: 'Type must be income or expense',
  ROW_AMOUNT: 'Amount must be a number with a dot and at most 2 decimals, up to {{max}}',
  ROW_VAT: 'VAT must be empty or a number with a dot and at most 2 decimals, up to {{max}}',
  ROW_CATEGORY: 'Category must be empty or one of {{options}}, not "{{value}}"',
  ROW_PROJECT_DELETED: 'The project was deleted during the import',
  ROW_OUT_OF_TIME:
    'Not imported: the import ran out of time. Import the same file again to add the rest (rows already imported are skipped).',
  ROW_MORE_ERRORS: '…and {{count}} more refused rows from this line on',

  // Invoices.
  INVOICE_NOT_FOUND: 'Invoice not found',
  CLIENT_NOT_FOUND: 'Client not found',
  NOTHING_TO_INVOICE: 'There is no uninvoiced billable time for this client in this period',
  INVOICE_STATUS_CHANGE: 'This invoice’s status does not allow this change',
  INVOICE_TOO_LARGE: 'An invoice can bill at most {{max}} entries; please choose a shorter period',
  ENTRY_INVOICED: 'This entry is on a sent or paid invoice and cannot be changed, moved or deleted',
  INVALID_TAX_RATE: 'Tax rate must be a number from 0 to 100 with at most 2 decimals',
  INVALID_NUMBER_PREFIX: 'The number prefix must not hold control characters',
  IBAN_INVALID: 'This IBAN is not valid: check its letters and digits',
  VAT_ID_INVALID: 'A VAT ID is two letters and 2 to 13 letters or digits, such as DE123456789',
  INVALID_COUNTRY: 'Country must be a two-letter ISO 3166-1 code, such as DE',
  INVOICE_INCOMPLETE: '{{field}} is missing: an e-invoice cannot be sent without it',
  INVOICE_NOT_ISSUED: 'This invoice has not been sent yet: a draft has no e-invoice',
  // Credit notes and invoices sent by email.
  CLIENT_EMAIL_MISSING: 'The client has no email address: enter the address to send it to',
  EMAIL_NOT_SENT: 'The email could not be sent just now. Please try again in a minute.',
  DEMO_SENDS_NO_EMAIL: 'The demo account sends no emails: sign up to email your invoices',
  INVALID_LINE_QUANTITY: 'Quantity must be a number greater than 0 with at most 2 decimals, up to {{max}}',
  INVALID_LINE_PRICE: 'Price must be a number from 0 with at most 2 decimals, up to {{max}}',
  INVOICE_LINES_COUNT: 'An invoice has 1 to {{max}} lines',
  INVOICE_UPDATE_MIXED: 'Change either the status or the draft’s details, not both at once',
  INVALID_MINIMUM_ENTRY: 'Minimum entry length must be a whole number of seconds from 0 to {{max}}',

  // Two-factor sign-in and API tokens.
  TWO_FACTOR_REQUIRED: 'Enter the code from your authenticator app, or one of your recovery codes',
  TWO_FACTOR_INVALID: 'This code is not valid, or it has already been used',
  TWO_FACTOR_ALREADY_ON: 'Two-factor sign-in is already on',
  TWO_FACTOR_NOT_STARTED:
    'Start setting up two-factor sign-in first: the setup has not begun or has already ended',
  TWO_FACTOR_OFF: 'Two-factor sign-in is not on',
  API_TOKEN_NOT_ALLOWED:
    'API tokens cannot change the account, its API tokens or its sessions; sign in to the app for that',
  API_TOKEN_READ_ONLY: 'This API token may only read; create a token with the write scope to make changes',
  API_TOKEN_NOT_FOUND: 'API token not found',
  API_TOKEN_LIMIT: 'You can have at most {{max}} API tokens. Delete one you no longer use first.',

  // Recurring expenses.
  RECURRING_EXPENSE_NOT_FOUND: 'Recurring expense not found',
  END_BEFORE_START_DATE: 'The end date must not be before the start date',
  // E-invoices received (issue 37).
  EINVOICE_UNREADABLE:
    'This file is not an e-invoice that can be booked: upload an XRechnung (CII or UBL) or a ZUGFeRD/Factur-X PDF of an invoice (credit notes are not booked)',
  EINVOICE_DUPLICATE: 'Invoice {{number}} of {{seller}} has already been booked',
  EINVOICE_CURRENCY:
    'This invoice is in {{currency}} and your amounts are in {{accountCurrency}}: enter it by hand at the amount you paid',
  EINVOICE_RECEIPT_PENDING:
    'The expense is booked, but the file could not be kept as its receipt. Upload the same file again to keep it.',
  // Receipts (CONTRACT §9 "Receipts").
  RECEIPT_REJECTED: 'A receipt must be a PDF, JPEG, PNG or XML file of 1 byte to 10 MB',
  RECEIPT_LIMIT: 'An entry can keep at most {{max}} receipts: remove one first',
  RECEIPT_NOT_FOUND: 'Receipt not found',
  // Sending: a rate EN 16931 cannot carry (BR-CO-17 rounds the rate to a whole percent).
  EINVOICE_TAX_RATE:
    'An e-invoice cannot carry a VAT rate above 0 % and below 0.5 % (the EN 16931 rules round it to 0 %): choose 0 % or at least 0.5 %',
} as const;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** Every code, for checks that each has a translation. */
export const API_ERROR_CODES = Object.keys(API_ERRORS) as ApiErrorCode[];

export { API_FIELDS, type ApiField };

/** What a message is filled with; `field` names one of {@link API_FIELDS}. */
export type MessageValues = { field?: ApiField } & Record<string, string | number>;

/** The English message of `code` filled with `values` (`{{name}}` placeholders, as i18next writes them). */
export function apiMessage(code: ApiErrorCode, values: MessageValues = {}): string {
  return API_ERRORS[code].replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    if (name === 'field' && values.field) return API_FIELDS[values.field];
    const value = values[name];
    return value === undefined ? `{{${name}}}` : String(value);
  });
}

/** One error as the API answers it; also each refused line of an import (with its `line`). */
export interface ApiErrorItem {
  msg: string;
  code: ApiErrorCode;
  param?: string;
  values?: MessageValues;
}

/** The answer's item for `code` filled with `values`. */
export function errorItem(code: ApiErrorCode, values?: MessageValues): ApiErrorItem {
  return { msg: apiMessage(code, values), code, ...(values ? { values } : {}) };
}

const schemaMessages = new Map<string, { code: ApiErrorCode; values?: MessageValues }>();

/** The message of a schema rule (a zod `error`/`message`), remembered with its code and values so the
 * request edge can answer the code of the issue zod reports (zod carries only a message for its
 * built-in checks). One message is one code; a second code for the same words fails at start. */
export function schemaMessage(code: ApiErrorCode, values?: MessageValues): string {
  const message = apiMessage(code, values);
  const known = schemaMessages.get(message);
  if (known && known.code !== code) {
    throw new Error(`"${message}" is the message of both ${known.code} and ${code}`);
  }
  schemaMessages.set(message, { code, ...(values ? { values } : {}) });
  return message;
}

/** The code and values of a schema message made by {@link schemaMessage}, if it is one. */
export function schemaMessageCode(
  message: string,
): { code: ApiErrorCode; values?: MessageValues } | undefined {
  return schemaMessages.get(message);
}
