import * as z from 'zod/mini';
import { LANGUAGES } from './enums';
import { type ApiField, schemaMessage } from './error-codes';
import { textField } from './fields';
import { MAX_NAME_LENGTH } from './limits';
import { isValidIban, isVatIdForm, normaliseIban, normaliseVatId } from './tax-ids';

/**
 * The fields of the parties on an e-invoice (CONTRACT §9 "Issuer and client details"), shared by
 * the invoice settings (the seller) and the clients (the buyer), and the checks the law or the
 * standard asks for: an IBAN's mod-97 check digits, a VAT ID's form, an ISO 3166-1 country.
 */

/** Optional text of a party (street, city, …): trimmed, at most a name's length; `""` empties it. */
export const partyText = (field: ApiField) => z.optional(textField(field, MAX_NAME_LENGTH));

/** A VAT ID (`vatId`, and a client's release-3 `taxId`): empty, or of a VAT ID's form (400 `VAT_ID_INVALID`). */
export const vatIdField = (field: ApiField) =>
  z.pipe(
    textField(field, MAX_NAME_LENGTH).check(
      z.refine((s) => s === '' || isVatIdForm(s), schemaMessage('VAT_ID_INVALID', { field })),
    ),
    z.transform(normaliseVatId),
  );

/** An IBAN: empty, or one whose check digits hold (400 `IBAN_INVALID`); stored without spaces. */
export const ibanField = () =>
  z.pipe(
    textField('iban', 50).check(z.refine((s) => s === '' || isValidIban(s), schemaMessage('IBAN_INVALID'))),
    z.transform(normaliseIban),
  );

/** A country, ISO 3166-1 alpha-2 (`DE`, `at` is `AT`); else 400 `INVALID_COUNTRY`. */
export const countryField = () =>
  z.pipe(
    z.string({ error: schemaMessage('INVALID_COUNTRY') }).check(
      z.trim(),
      z.refine((s) => /^[A-Za-z]{2}$/.test(s), schemaMessage('INVALID_COUNTRY')),
    ),
    z.transform((s) => s.toUpperCase()),
  );

/** The language of a party's invoices. */
export const invoiceLanguageField = (field: ApiField) =>
  z.enum(LANGUAGES, { error: schemaMessage('NOT_ONE_OF', { field, options: LANGUAGES.join(', ') }) });

/** An email address: loosely checked (something@somewhere), empty allowed. */
export const partyEmailField = () =>
  textField('email', 254).check(
    z.refine((s) => s === '' || /^[^\s@]+@[^\s@]+$/.test(s), schemaMessage('INVALID_EMAIL')),
  );
