import * as z from 'zod/mini';
import { budgetField, targetHourlyRateField } from './budgets';
import { schemaMessage } from './error-codes';
import { CLIENT_ID, entityIdField, requiredTextField, textField } from './fields';
import { type Built, lazy } from './lazy';
import { MAX_AMOUNT, MAX_NAME_LENGTH, MAX_TEXT_LENGTH } from './limits';
import { amountToCents } from './money';

/** Request schemas of the projects. */

const name = /* @__PURE__ */ lazy(() => requiredTextField('name', MAX_NAME_LENGTH));
const description = /* @__PURE__ */ lazy(() => z.nullable(textField('description', MAX_TEXT_LENGTH)));
const enableEmbedding = /* @__PURE__ */ lazy(() =>
  z.boolean({ error: schemaMessage('NOT_BOOLEAN', { field: 'enableEmbedding' }) }),
);
const RATE_MESSAGE = schemaMessage('INVALID_HOURLY_RATE', { max: MAX_AMOUNT });
/** Stored as cents; `null` means no rate. */
const hourlyRate = /* @__PURE__ */ lazy(() =>
  z.pipe(
    z.nullable(z.number({ error: RATE_MESSAGE })),
    z.transform((value: number | null, ctx) => {
      if (value === null) return null;
      const cents = amountToCents(value);
      if (cents === undefined) {
        ctx.issues.push({ code: 'custom', message: RATE_MESSAGE, input: value });
        return z.NEVER;
      }
      return cents;
    }),
  ),
);

/** The project's client, or `null` for none (an unknown or another user's client: 404). */
const clientId = /* @__PURE__ */ lazy(() => z.nullable(entityIdField('clientId', 'CLIENT_NOT_FOUND')));
/** Whether new time on the project is billable unless an entry says otherwise (default true). */
const billableByDefault = /* @__PURE__ */ lazy(() =>
  z.boolean({ error: schemaMessage('NOT_BOOLEAN', { field: 'billableByDefault' }) }),
);

/** The fields a project may be created or changed with, each optional (the name is required to create). */
const optionalFields = /* @__PURE__ */ lazy(() => ({
  description: z.optional(description()),
  enableEmbedding: z.optional(enableEmbedding()),
  hourlyRate: z.optional(hourlyRate()),
  budget: z.optional(budgetField()),
  targetHourlyRate: z.optional(targetHourlyRateField()),
  clientId: z.optional(clientId()),
  billableByDefault: z.optional(billableByDefault()),
}));

/**
 * Body of POST /api/projects (other fields, such as totals, are ignored: they are derived). A
 * client `_id` (a ULID) makes a retried create answer the stored project instead of a second one.
 */
export const projectCreateSchema = /* @__PURE__ */ lazy(() =>
  z.object({ _id: z.optional(CLIENT_ID()), name: name(), ...optionalFields() }),
);

/** Body of PUT /api/projects/{id}: any of the editable fields (the client may send the whole project). */
export const projectUpdateSchema = /* @__PURE__ */ lazy(() =>
  z.object({ name: z.optional(name()), ...optionalFields() }),
);

export type ProjectCreate = z.infer<Built<typeof projectCreateSchema>>;
export type ProjectUpdate = z.infer<Built<typeof projectUpdateSchema>>;

/**
 * What a client may send to POST /api/projects, as opposed to what the server gets once parsed (the
 * types above): `hourlyRate` per hour with at most 2 decimals, or `null` for no rate; the server
 * stores cents.
 */
export type ProjectCreateBody = z.input<Built<typeof projectCreateSchema>>;
/** What a client may send to PUT /api/projects/{id}; an `hourlyRate` of `null` removes the rate. */
export type ProjectUpdateBody = z.input<Built<typeof projectUpdateSchema>>;
