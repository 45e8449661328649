import * as z from 'zod/mini';
import { schemaMessage } from './error-codes';
import { CLIENT_ID, requiredTextField, textField } from './fields';
import { type Built, lazy } from './lazy';
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from './limits';
import { countryField, invoiceLanguageField, vatIdField } from './party-fields';

/** Request schemas of the clients (the people and companies a freelancer bills). */

/** An email address for invoices: loosely checked (something@somewhere), empty allowed. */
const MAX_EMAIL_LENGTH = 254;

const name = /* @__PURE__ */ lazy(() => requiredTextField('name', MAX_NAME_LENGTH));
const email = /* @__PURE__ */ lazy(() =>
  z.nullable(
    textField('email', MAX_EMAIL_LENGTH).check(
      z.refine((s) => s === '' || /^[^\s@]+@[^\s@]+$/.test(s), schemaMessage('INVALID_EMAIL')),
    ),
  ),
);
const address = /* @__PURE__ */ lazy(() => z.nullable(textField('address', MAX_TEXT_LENGTH)));
const taxId = /* @__PURE__ */ lazy(() => z.nullable(textField('taxId', MAX_NAME_LENGTH)));

/**
 * The buyer's details of an e-invoice (CONTRACT §9): address, `country` (ISO 3166-1 alpha-2,
 * default `DE`), `language` of the client's invoices, `vatId` (release 3's `taxId` is the same
 * value) and `buyerReference` (BT-10, a public buyer's Leitweg-ID). `null` or `""` empties one.
 */
const buyerFields = /* @__PURE__ */ lazy(() => ({
  street: z.optional(z.nullable(textField('street', MAX_NAME_LENGTH))),
  postcode: z.optional(z.nullable(textField('postcode', MAX_NAME_LENGTH))),
  city: z.optional(z.nullable(textField('city', MAX_NAME_LENGTH))),
  country: z.optional(countryField()),
  language: z.optional(z.nullable(invoiceLanguageField('language'))),
  vatId: z.optional(z.nullable(vatIdField('vatId'))),
  buyerReference: z.optional(z.nullable(textField('buyerReference', MAX_NAME_LENGTH))),
}));

/** Body of POST /api/clients. A client `_id` (a ULID) makes a retried create answer the stored one. */
export const clientCreateSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    _id: z.optional(CLIENT_ID()),
    name: name(),
    email: z.optional(email()),
    address: z.optional(address()),
    taxId: z.optional(taxId()),
    ...buyerFields(),
  }),
);

/** Body of PUT /api/clients/{id}: any of the fields; `null` or `""` empties an optional one. */
export const clientUpdateSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    name: z.optional(name()),
    email: z.optional(email()),
    address: z.optional(address()),
    taxId: z.optional(taxId()),
    ...buyerFields(),
  }),
);

export type ClientCreate = z.infer<Built<typeof clientCreateSchema>>;
export type ClientUpdate = z.infer<Built<typeof clientUpdateSchema>>;
/** What a client (program) may send to POST /api/clients. */
export type ClientCreateBody = z.input<Built<typeof clientCreateSchema>>;
/** What a client (program) may send to PUT /api/clients/{id}. */
export type ClientUpdateBody = z.input<Built<typeof clientUpdateSchema>>;
