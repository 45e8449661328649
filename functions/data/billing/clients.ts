import { isVatIdForm, normaliseVatId } from '../../../contract/tax-ids';
import { ddb, GetCommand, TABLE, UpdateCommand } from '../core/client';
import { clientKey, clientNameKey, clientsRange, projectsRange, userPartition } from '../core/keys';
import { queryAll, queryPages } from '../core/query';
import { type TxOp, transact } from '../core/transact';

/**
 * Clients: the people and companies a freelancer bills. Keys:
 *   client      `USER#<userId>` / `CLIENT#<clientId>`
 *   name guard  `USER#<userId>` / `CLIENTNAME#<sha256(folded name)>` (holds `clientId`)
 * The guard is written in the same transaction as the client, with `attribute_not_exists`, so two
 * clients of one user can never share a name (ignoring case), however many requests race.
 */

/** A client as stored. Optional text is `''` when not given. */
export interface ClientRecord {
  clientId: string;
  userId: string;
  name: string;
  email: string;
  address: string;
  /** Release 3's one identifier, as given (free text); `vatId` holds it too when it has that form. */
  taxId: string;
  street: string;
  postcode: string;
  city: string;
  /** ISO 3166-1 alpha-2; `DE` unless given. */
  country: string;
  /** The language of the client's invoices; null: the seller's. */
  language: 'de' | 'en' | null;
  /** USt-IdNr. (BT-48), of a VAT ID's form or empty. */
  vatId: string;
  /** BT-10: a public buyer's Leitweg-ID. */
  buyerReference: string;
  createdAt: string;
  updatedAt: string;
}

/** The buyer's details of a client made without them (an import, release 3's API). */
export const NO_BUYER_DETAILS = {
  street: '',
  postcode: '',
  city: '',
  country: 'DE',
  language: null,
  vatId: '',
  buyerReference: '',
} as const satisfies Partial<ClientRecord>;

/** How client names are compared: ignoring case (and width). */
export const foldClientName = (name: string) => name.normalize('NFKC').toLowerCase();

const guardKey = (userId: string, name: string) => clientNameKey(userId, foldClientName(name));

function toItem(c: ClientRecord): Record<string, unknown> {
  return { ...clientKey(c.userId, c.clientId), type: 'CLIENT', ...c };
}

function fromItem(item: Record<string, unknown>): ClientRecord {
  return {
    clientId: item.clientId as string,
    userId: item.userId as string,
    name: (item.name as string) ?? '',
    email: (item.email as string) ?? '',
    address: (item.address as string) ?? '',
    taxId: (item.taxId as string) ?? '',
    street: (item.street as string) ?? '',
    postcode: (item.postcode as string) ?? '',
    city: (item.city as string) ?? '',
    country: (item.country as string) ?? 'DE',
    language: item.language === 'de' || item.language === 'en' ? item.language : null,
    // A release-3 client has only `taxId`: it is the VAT ID when it has that form.
    vatId: typeof item.vatId === 'string' ? item.vatId : legacyVatId(item.taxId),
    buyerReference: (item.buyerReference as string) ?? '',
    createdAt: item.createdAt as string,
    updatedAt: (item.updatedAt as string) ?? (item.createdAt as string),
  };
}

function legacyVatId(taxId: unknown): string {
  return typeof taxId === 'string' && isVatIdForm(taxId) ? normaliseVatId(taxId) : '';
}

const putGuard = (c: Pick<ClientRecord, 'userId' | 'clientId' | 'name'>): TxOp => ({
  op: {
    Put: {
      TableName: TABLE,
      Item: { ...guardKey(c.userId, c.name), type: 'CLIENTNAME', clientId: c.clientId },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  },
  onConditionFailed: 'name-taken',
});

const deleteGuard = (c: Pick<ClientRecord, 'userId' | 'clientId' | 'name'>): TxOp => ({
  op: {
    Delete: {
      TableName: TABLE,
      Key: guardKey(c.userId, c.name),
      ConditionExpression: 'clientId = :id',
      ExpressionAttributeValues: { ':id': c.clientId },
    },
  },
  onConditionFailed: 'changed',
});

/** Access pattern: one client of a user (strongly consistent; another user's id is absent). */
export async function getClient(userId: string, clientId: string): Promise<ClientRecord | undefined> {
  const out = await ddb.send(
    new GetCommand({ TableName: TABLE, Key: clientKey(userId, clientId), ConsistentRead: true }),
  );
  return out.Item ? fromItem(out.Item) : undefined;
}

/** Access pattern: every client of a user (Query on the `CLIENT#` range, paginated), any order. */
export async function listClients(userId: string): Promise<ClientRecord[]> {
  const range = clientsRange();
  const items = await queryAll({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': userPartition(userId), ':from': range.from, ':to': range.to },
  });
  return items.map(fromItem);
}

export type ClientWriteResult = { ok: true } | { ok: false; reason: 'name-taken' | 'exists' | 'changed' };

function failure(failed: string[]): ClientWriteResult {
  // A repeated create fails both: its id is stored, and so is its name.
  if (failed.includes('exists')) return { ok: false, reason: 'exists' };
  if (failed.includes('name-taken')) return { ok: false, reason: 'name-taken' };
  return { ok: false, reason: 'changed' };
}

/** Access pattern: add a client with its name guard, in one transaction. */
export async function addClient(client: ClientRecord): Promise<ClientWriteResult> {
  const result = await transact([
    {
      op: {
        Put: { TableName: TABLE, Item: toItem(client), ConditionExpression: 'attribute_not_exists(PK)' },
      },
      onConditionFailed: 'exists',
    },
    putGuard(client),
  ]);
  return result.ok ? { ok: true } : failure(result.failed);
}

/**
 * Access pattern: replace a client with `next`, on the condition that it still holds the name read
 * (`current`); a new name (ignoring case) moves the guard in the same transaction.
 */
export async function replaceClient(current: ClientRecord, next: ClientRecord): Promise<ClientWriteResult> {
  const renamed = foldClientName(current.name) !== foldClientName(next.name);
  const result = await transact([
    {
      op: {
        Put: {
          TableName: TABLE,
          Item: toItem(next),
          ConditionExpression: 'attribute_exists(PK) AND #name = :name',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: { ':name': current.name },
        },
      },
      onConditionFailed: 'changed',
    },
    ...(renamed ? [deleteGuard(current), putGuard(next)] : []),
  ]);
  return result.ok ? { ok: true } : failure(result.failed);
}

/** Access pattern: delete a client and its name guard, on the name read. `false` when it changed or went. */
export async function removeClient(current: ClientRecord): Promise<boolean> {
  const result = await transact([
    {
      op: {
        Delete: {
          TableName: TABLE,
          Key: clientKey(current.userId, current.clientId),
          ConditionExpression: 'attribute_exists(PK) AND #name = :name',
          ExpressionAttributeNames: { '#name': 'name' },
          ExpressionAttributeValues: { ':name': current.name },
        },
      },
      onConditionFailed: 'changed',
    },
    deleteGuard(current),
  ]);
  return result.ok;
}

/**
 * Access pattern: the projects of a deleted client lose it — the projects Query (live ones whose
 * `clientId` is this one), then per project UpdateItem `SET clientId = null` on the condition that
 * it still names this client (a project moved to another client meanwhile keeps the new one).
 */
export async function detachClientProjects(userId: string, clientId: string): Promise<number> {
  const range = projectsRange();
  let detached = 0;
  const pages = queryPages({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    FilterExpression: 'clientId = :client',
    ProjectionExpression: 'PK, SK',
    ExpressionAttributeValues: {
      ':pk': userPartition(userId),
      ':from': range.from,
      ':to': range.to,
      ':client': clientId,
    },
  });
  for await (const page of pages) {
    for (const item of page) {
      try {
        await ddb.send(
          new UpdateCommand({
            TableName: TABLE,
            Key: { PK: item.PK, SK: item.SK },
            UpdateExpression: 'SET clientId = :none',
            ConditionExpression: 'clientId = :client',
            ExpressionAttributeValues: { ':none': null, ':client': clientId },
          }),
        );
        detached++;
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      }
    }
  }
  return detached;
}
