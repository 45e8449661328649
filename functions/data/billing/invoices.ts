import { isVatIdForm, normaliseVatId } from '../../../contract/tax-ids';
import { ddb, GetCommand, PutCommand, QueryCommand, TABLE } from '../core/client';
import {
  invoiceEntriesRange,
  invoiceEntryKey,
  invoiceKey,
  invoiceSettingsKey,
  invoicesRange,
  userPartition,
} from '../core/keys';
import type { InvoiceKindFields, InvoiceLineKindFields } from './invoice-kinds';

/**
 * Invoices, their issuer settings and their copies of the entries they bill. Keys (all in the
 * user's partition): `INVOICESETTINGS`; `INVOICE#<invoiceId>`; `INVOICEENTRY#<invoiceId>#<entryId>`.
 * Writes that change an invoice's status, claim entries or give numbers are in
 * `./invoice-writes.ts`; the table of items and access patterns is in `./README.md`.
 */

export type InvoiceStatus = 'draft' | 'sent' | 'paid' | 'void';

/** The issuer of a user's invoices: the seller of its e-invoices (CONTRACT §9). */
export interface InvoiceSettingsRecord {
  name: string;
  address: string;
  /** Release 3's one identifier; `vatId` or `taxNumber` holds it too. */
  taxId: string;
  bankDetails: string;
  paymentTermsDays: number;
  numberPrefix: string;
  street: string;
  postcode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** BT-34/BT-43: where buyers reach the seller. */
  email: string;
  phone: string;
  /** BT-41; empty: the `name`. */
  contactName: string;
  vatId: string;
  taxNumber: string;
  /** Without spaces, upper case; its check digits hold. */
  iban: string;
  bic: string;
  /** §19 UStG: no VAT on any invoice. */
  smallBusiness: boolean;
  /** Null: the user's language. */
  invoiceLanguage: 'de' | 'en' | null;
}

export const DEFAULT_INVOICE_SETTINGS: InvoiceSettingsRecord = {
  name: '',
  address: '',
  taxId: '',
  bankDetails: '',
  paymentTermsDays: 14,
  numberPrefix: '',
  street: '',
  postcode: '',
  city: '',
  country: 'DE',
  email: '',
  phone: '',
  contactName: '',
  vatId: '',
  taxNumber: '',
  iban: '',
  bic: '',
  smallBusiness: false,
  invoiceLanguage: null,
};

/** Text attributes of the settings item (absent: empty). */
const SETTINGS_TEXT = [
  'name',
  'address',
  'taxId',
  'bankDetails',
  'numberPrefix',
  'street',
  'postcode',
  'city',
  'email',
  'phone',
  'contactName',
  'iban',
  'bic',
] as const;

/** The settings from their item; a release-3 item's `taxId` is read as `vatId` or `taxNumber`. */
export function invoiceSettingsFromItem(item: Record<string, unknown>): InvoiceSettingsRecord {
  const text = Object.fromEntries(SETTINGS_TEXT.map((k) => [k, String(item[k] ?? '')])) as Record<
    (typeof SETTINGS_TEXT)[number],
    string
  >;
  const legacy = item.vatId === undefined && item.taxNumber === undefined;
  const taxIdIsVat = isVatIdForm(text.taxId);
  return {
    ...DEFAULT_INVOICE_SETTINGS,
    ...text,
    paymentTermsDays: Number(item.paymentTermsDays ?? DEFAULT_INVOICE_SETTINGS.paymentTermsDays),
    country: String(item.country ?? 'DE'),
    vatId: legacy ? (taxIdIsVat ? normaliseVatId(text.taxId) : '') : String(item.vatId ?? ''),
    taxNumber: legacy ? (taxIdIsVat ? '' : text.taxId) : String(item.taxNumber ?? ''),
    smallBusiness: item.smallBusiness === true,
    invoiceLanguage:
      item.invoiceLanguage === 'de' || item.invoiceLanguage === 'en' ? item.invoiceLanguage : null,
  };
}

/**
 * Who an invoice is addressed to: a copy of the client when the draft was made, taken again when
 * it is sent (the buyer's details are absent on a release-3 copy).
 */
export interface InvoiceClientCopy {
  name: string;
  email: string;
  address: string;
  taxId: string;
  street?: string;
  postcode?: string;
  city?: string;
  country?: string;
  language?: 'de' | 'en' | null;
  vatId?: string;
  buyerReference?: string;
}

/** One document stored for an issued invoice (CONTRACT §9): its key in the documents bucket, size, SHA-256. */
export interface InvoiceDocumentRecord {
  kind: 'pdf' | 'xrechnung' | 'ubl';
  key: string;
  sha256: string;
  bytes: number;
}

/**
 * One line: a project's (or, grouped finer, a `task`'s or one `entryId`'s) billable time, or a line
 * the user shaped on the draft (`custom`). `projectId` books its income when paid; the quantity
 * `hoursHundredths` is in `unit` (absent: `HUR`), `rateCents` the price of one; `firstDay` orders.
 */
export interface InvoiceLineRecord extends InvoiceLineKindFields {
  projectId: string;
  description: string;
  hoursHundredths: number;
  rateCents: number;
  amountCents: number;
  unit?: 'HUR' | 'DAY' | 'C62';
  task?: string;
  entryId?: string;
  custom?: boolean;
  firstDay?: string;
}

/** An invoice or a credit note (`kind`, `./invoice-kinds.ts`). */
export interface InvoiceRecord extends InvoiceKindFields {
  invoiceId: string;
  userId: string;
  status: InvoiceStatus;
  /** Given on sending: `<numberPrefix><yyyy>-<nnnn>`. */
  number: string | null;
  clientId: string;
  client: InvoiceClientCopy;
  startdate: string; // `yyyy-mm-dd`, inclusive, as enddate
  enddate: string;
  currency: string;
  lines: InvoiceLineRecord[];
  subtotalCents: number;
  /** The tax rate in hundredths of a percent (19.5 % = 1950). */
  taxRateHundredths: number;
  taxCents: number;
  totalCents: number;
  reverseCharge: boolean;
  notes: string;
  /** Chosen on the draft (else the client's, then the seller's). */
  language?: 'de' | 'en';
  entryCount: number;
  /** The time entries this invoice bills (claimed: their `invoiceId` is this invoice's). */
  entryIds: string[];
  createdAt: string;
  /** ISO timestamp of sending (the number's year is this one's). */
  sentAt: string | null;
  /** `yyyy-mm-dd`. */
  paidDate: string | null;
  voidedAt: string | null;
  /** The issuer as it was when the invoice was sent (a draft shows the current settings). */
  issuer: InvoiceSettingsRecord | null;
  /**
   * The e-invoice as sent (`EInvoiceDocument` of `domain/billing/einvoice`, kept as plain data):
   * absent on a draft and on an invoice sent before release 4.
   */
  einvoice?: Record<string, unknown> & { taxCategory: string };
  /** Its documents in S3, stored before the invoice became sent. */
  documents?: InvoiceDocumentRecord[];
}

/** An invoice's copy of one entry it bills. */
export interface InvoiceEntryRecord {
  entryId: string;
  projectId: string;
  /** `yyyy-mm-dd`. */
  day: string;
  task: string;
  subTask: string;
  durationMs: number;
  /** The duration after the user's rounding, what the line's hours add up. */
  roundedMs: number;
}

// --- settings -------------------------------------------------------------------------------------

/** Access pattern: the user's issuer settings (the defaults until saved). */
export async function getInvoiceSettings(userId: string): Promise<InvoiceSettingsRecord> {
  const out = await ddb.send(new GetCommand({ TableName: TABLE, Key: invoiceSettingsKey(userId) }));
  return out.Item ? invoiceSettingsFromItem(out.Item) : { ...DEFAULT_INVOICE_SETTINGS };
}

/** Access pattern: replace the user's issuer settings. */
export async function putInvoiceSettings(userId: string, settings: InvoiceSettingsRecord): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: TABLE,
      Item: { ...invoiceSettingsKey(userId), type: 'INVOICESETTINGS', userId, ...settings },
    }),
  );
}

// --- invoices -------------------------------------------------------------------------------------

export function toInvoiceItem(record: InvoiceRecord): Record<string, unknown> {
  return { ...invoiceKey(record.userId, record.invoiceId), type: 'INVOICE', ...record };
}

export function invoiceFromItem(item: Record<string, unknown>): InvoiceRecord {
  const { PK: _pk, SK: _sk, type: _type, ...rest } = item;
  return rest as unknown as InvoiceRecord;
}

/** Access pattern: one invoice of a user (strongly consistent); another user's id is absent. */
export async function getInvoice(userId: string, invoiceId: string): Promise<InvoiceRecord | undefined> {
  const out = await ddb.send(
    new GetCommand({ TableName: TABLE, Key: invoiceKey(userId, invoiceId), ConsistentRead: true }),
  );
  return out.Item ? invoiceFromItem(out.Item) : undefined;
}

async function queryAll(userId: string, from: string, to: string, descending = false) {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': userPartition(userId), ':from': from, ':to': to },
        ScanIndexForward: !descending,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    items.push(...((out.Items ?? []) as Record<string, unknown>[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Access pattern: every invoice of a user, newest first (ids are ULIDs: newest sorts last). */
export async function listInvoices(userId: string): Promise<InvoiceRecord[]> {
  const { from, to } = invoicesRange();
  return (await queryAll(userId, from, to, true)).map(invoiceFromItem);
}

export function toInvoiceEntryItem(userId: string, invoiceId: string, entry: InvoiceEntryRecord) {
  return {
    ...invoiceEntryKey(userId, invoiceId, entry.entryId),
    type: 'INVOICEENTRY',
    invoiceId,
    entryId: entry.entryId,
    projectId: entry.projectId,
    day: entry.day,
    task: entry.task,
    subTask: entry.subTask,
    durationMs: entry.durationMs,
    roundedMs: entry.roundedMs,
  };
}

/** Access pattern: an invoice's entry copies, by entry id. */
export async function listInvoiceEntries(userId: string, invoiceId: string): Promise<InvoiceEntryRecord[]> {
  const { from, to } = invoiceEntriesRange(invoiceId);
  return (await queryAll(userId, from, to)).map((item) => ({
    entryId: String(item.entryId),
    projectId: String(item.projectId),
    day: String(item.day),
    task: String(item.task ?? ''),
    subTask: String(item.subTask ?? ''),
    durationMs: Number(item.durationMs ?? 0),
    roundedMs: Number(item.roundedMs ?? 0),
  }));
}
