import { ulid } from 'ulid';
import type { ClientCreate, ClientUpdate } from '../../../contract/clients';
import { isEntityId } from '../../../contract/fields';
import type { Client } from '../../../contract/responses';
import { isVatIdForm, normaliseVatId } from '../../../contract/tax-ids';
import {
  addClient,
  type ClientRecord,
  detachClientProjects,
  getClient,
  listClients,
  NO_BUYER_DETAILS,
  removeClient,
  replaceClient,
} from '../../data/billing/clients';
import type { UserRecord } from '../../data/identity/users';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { toClient } from '../tracking/responses';

/**
 * The user's clients: whom a freelancer bills. A name is unique per user ignoring case (400
 * `CLIENT_NAME_TAKEN`); deleting a client leaves its projects, without a client.
 */

type BuyerInput = Pick<
  ClientUpdate,
  'taxId' | 'street' | 'postcode' | 'city' | 'country' | 'language' | 'vatId' | 'buyerReference'
>;

/**
 * The buyer's details after `input` (absent fields keep `current`'s, `null` empties one). Release
 * 3's `taxId` and `vatId` are one value: given one, the other follows (a `taxId` that is not of a
 * VAT ID's form leaves no VAT ID); given both, each is kept as given.
 */
export function buyerDetails(current: typeof NO_BUYER_DETAILS_WITH_TAX, input: BuyerInput) {
  const keep = <K extends 'street' | 'postcode' | 'city' | 'buyerReference'>(k: K) =>
    input[k] === undefined ? current[k] : (input[k] ?? '');
  let { taxId, vatId } = current;
  if (input.vatId !== undefined) vatId = input.vatId ?? '';
  if (input.taxId !== undefined) taxId = input.taxId ?? '';
  if (input.vatId !== undefined && input.taxId === undefined) taxId = vatId;
  if (input.taxId !== undefined && input.vatId === undefined) {
    vatId = isVatIdForm(taxId) ? normaliseVatId(taxId) : '';
  }
  return {
    street: keep('street'),
    postcode: keep('postcode'),
    city: keep('city'),
    country: input.country ?? current.country,
    language: input.language === undefined ? current.language : input.language,
    vatId,
    taxId,
    buyerReference: keep('buyerReference'),
  };
}

const NO_BUYER_DETAILS_WITH_TAX: Pick<ClientRecord, keyof typeof NO_BUYER_DETAILS | 'taxId'> = {
  ...NO_BUYER_DETAILS,
  taxId: '',
};

const nameTaken = () => new ValidationError('CLIENT_NAME_TAKEN', { param: 'name' });
const notFound = () => new NotFoundError('CLIENT_NOT_FOUND');
/** Edits of one client raced this many times: someone else keeps changing it. */
const MAX_ROUNDS = 10;

/** The user's clients, by name (ignoring case, then as written). */
export async function listUserClients(user: UserRecord): Promise<Client[]> {
  const clients = await listClients(user._id);
  const collator = new Intl.Collator('en', { sensitivity: 'base' });
  clients.sort(
    (a, b) => collator.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
  return clients.map(toClient);
}

/** Creates a client; the same client `_id` again answers the stored one (`created: false`). */
export async function createUserClient(
  user: UserRecord,
  input: ClientCreate,
  now = new Date(),
): Promise<{ created: boolean; client: Client }> {
  const stamp = now.toISOString();
  const record: ClientRecord = {
    clientId: input._id ?? ulid(now.getTime()),
    userId: user._id,
    name: input.name,
    email: input.email ?? '',
    address: input.address ?? '',
    ...buyerDetails(NO_BUYER_DETAILS_WITH_TAX, input),
    createdAt: stamp,
    updatedAt: stamp,
  };
  const result = await addClient(record);
  if (result.ok) return { created: true, client: toClient(record) };
  if (result.reason === 'exists') {
    const stored = await getClient(user._id, record.clientId);
    if (stored) return { created: false, client: toClient(stored) };
  }
  throw nameTaken();
}

/** Edits a client's name, email, address or buyer's details; another user's id is a 404. */
export async function updateUserClient(
  user: UserRecord,
  clientId: string,
  input: ClientUpdate,
  now = new Date(),
): Promise<Client> {
  if (!isEntityId(clientId)) throw notFound();
  const id = clientId.toUpperCase();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const current = await getClient(user._id, id);
    if (!current) throw notFound();
    const next: ClientRecord = {
      ...current,
      name: input.name ?? current.name,
      email: input.email === undefined ? current.email : (input.email ?? ''),
      address: input.address === undefined ? current.address : (input.address ?? ''),
      ...buyerDetails(current, input),
      updatedAt: now.toISOString(),
    };
    const result = await replaceClient(current, next);
    if (result.ok) return toClient(next);
    if (result.reason === 'name-taken') throw nameTaken();
  }
  throw new ConflictError('WRITE_CONFLICT');
}

/** Deletes a client; its projects stay, with no client. Another user's id is a 404. */
export async function deleteUserClient(user: UserRecord, clientId: string): Promise<void> {
  if (!isEntityId(clientId)) throw notFound();
  const id = clientId.toUpperCase();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const current = await getClient(user._id, id);
    if (!current) throw notFound();
    if (await removeClient(current)) {
      await detachClientProjects(user._id, id);
      return;
    }
  }
  throw new ConflictError('WRITE_CONFLICT');
}
