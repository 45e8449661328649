import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { addProject } from '../tracking/projects';
import {
  addTimeActivity,
  changeTimeActivity,
  getTimeActivity,
  removeTimeActivity,
  type TimeActivityRecord,
} from '../tracking/time-activities';
import { createDraft, deleteDraft, releaseEntries } from './invoice-drafts';
import { sendInvoice } from './invoice-send';
import { changeInvoiceStatus } from './invoice-writes';
import { DEFAULT_INVOICE_SETTINGS, getInvoice, type InvoiceRecord } from './invoices';

/** Numbering, claims and the lock of invoiced entries, on DynamoDB Local. */

const issuer = { ...DEFAULT_INVOICE_SETTINGS, numberPrefix: 'RE-' };

function draft(userId: string, entryIds: string[] = []): InvoiceRecord {
  return {
    invoiceId: ulid(),
    userId,
    status: 'draft',
    number: null,
    clientId: ulid(),
    client: { name: 'Client', email: '', address: '', taxId: '' },
    startdate: '2026-01-01',
    enddate: '2026-01-31',
    currency: 'EUR',
    lines: [],
    subtotalCents: 0,
    taxRateHundredths: 0,
    taxCents: 0,
    totalCents: 0,
    reverseCharge: false,
    notes: '',
    entryCount: entryIds.length,
    entryIds,
    createdAt: new Date().toISOString(),
    sentAt: null,
    paidDate: null,
    voidedAt: null,
    issuer: null,
  };
}

async function projectWithEntries(userId: string, count: number): Promise<TimeActivityRecord[]> {
  const projectId = ulid();
  const now = new Date().toISOString();
  await addProject(
    {
      projectId,
      userId,
      name: 'P',
      description: '',
      enableEmbedding: false,
      totalMs: 0,
      totalIncomeCents: 0,
      totalExpensesCents: 0,
      createdAt: now,
    },
    undefined,
  );
  const entries: TimeActivityRecord[] = [];
  for (let i = 0; i < count; i++) {
    const record: TimeActivityRecord = {
      activityId: ulid(),
      userId,
      projectId,
      task: `Task ${i}`,
      subTask: '',
      date: '2026-01-05T00:00:00.000Z',
      version: 1,
      createdAt: now,
      updatedAt: now,
      startTime: null,
      endTime: null,
      duration: 3_600_000,
    };
    await addTimeActivity(record, undefined);
    entries.push(record);
  }
  return entries;
}

const claimsOf = (entries: TimeActivityRecord[]) =>
  entries.map((e) => ({
    entryId: e.activityId,
    version: e.version,
    projectId: e.projectId,
    day: '2026-01-05',
    task: e.task,
    subTask: '',
    durationMs: e.duration,
    roundedMs: e.duration,
  }));

describe('invoice numbers', () => {
  it('numbers 12 drafts sent at the same moment 1 to 12, in order, without gap or twin', async () => {
    const userId = ulid();
    const drafts = Array.from({ length: 12 }, () => draft(userId));
    for (const d of drafts) expect(await createDraft(d, [])).toBe('created');
    const sentAt = new Date('2026-05-04T10:00:00Z');

    const results = await Promise.all(drafts.map((d) => sendInvoice(userId, d.invoiceId, sentAt, issuer)));

    const numbers = results.map((r) => (r.status === 'sent' ? r.invoice.number : r.status)).sort();
    expect(numbers).toEqual(
      Array.from({ length: 12 }, (_, i) => `RE-2026-${String(i + 1).padStart(4, '0')}`),
    );
  });

  it('gives no number to a send that fails, and starts each year at 0001', async () => {
    const userId = ulid();
    const [a, b, c] = [draft(userId), draft(userId), draft(userId)];
    for (const d of [a, b, c]) await createDraft(d, []);
    const first = await sendInvoice(userId, a.invoiceId, new Date('2026-12-31T23:00:00Z'), issuer);
    const again = await sendInvoice(userId, a.invoiceId, new Date('2026-12-31T23:30:00Z'), issuer);
    const second = await sendInvoice(userId, b.invoiceId, new Date('2026-12-31T23:59:00Z'), issuer);
    const nextYear = await sendInvoice(userId, c.invoiceId, new Date('2027-01-01T00:01:00Z'), issuer);

    expect(first.status === 'sent' && first.invoice.number).toBe('RE-2026-0001');
    expect(again.status).toBe('not-draft');
    expect(second.status === 'sent' && second.invoice.number).toBe('RE-2026-0002');
    expect(nextYear.status === 'sent' && nextYear.invoice.number).toBe('RE-2027-0001');
  });

  it('never gives a voided number again', async () => {
    const userId = ulid();
    const [a, b] = [draft(userId), draft(userId)];
    for (const d of [a, b]) await createDraft(d, []);
    await sendInvoice(userId, a.invoiceId, new Date('2026-02-01T00:00:00Z'), issuer);
    await changeInvoiceStatus(userId, a.invoiceId, 'sent', 'void', { voidedAt: new Date().toISOString() });

    const next = await sendInvoice(userId, b.invoiceId, new Date('2026-02-02T00:00:00Z'), issuer);

    expect(next.status === 'sent' && next.invoice.number).toBe('RE-2026-0002');
  });
});

describe('entries on an invoice', () => {
  it('can be edited and deleted while the invoice is a draft', async () => {
    const userId = ulid();
    const entries = await projectWithEntries(userId, 2);
    const d = draft(
      userId,
      entries.map((e) => e.activityId),
    );
    expect(await createDraft(d, claimsOf(entries))).toBe('created');

    const edited = await changeTimeActivity(userId, entries[0]!.activityId, (c) => ({
      ...c,
      task: 'Edited',
    }));
    const removed = await removeTimeActivity(userId, entries[1]!.activityId);

    expect(edited.status).toBe('updated');
    expect(edited.status === 'updated' && edited.record.invoiceId).toBe(d.invoiceId);
    expect(removed.status).toBe('deleted');
  });

  it('cannot be edited, moved or deleted once the invoice is sent, nor after it is paid', async () => {
    const userId = ulid();
    const entries = await projectWithEntries(userId, 1);
    const id = entries[0]!.activityId;
    const d = draft(userId, [id]);
    await createDraft(d, claimsOf(entries));
    await sendInvoice(userId, d.invoiceId, new Date(), issuer);

    expect((await changeTimeActivity(userId, id, (c) => ({ ...c, duration: 1 }))).status).toBe('invoiced');
    expect((await removeTimeActivity(userId, id)).status).toBe('invoiced');
    await changeInvoiceStatus(userId, d.invoiceId, 'sent', 'paid', { paidDate: '2026-02-01' });
    expect((await changeTimeActivity(userId, id, (c) => ({ ...c, projectId: ulid() }))).status).toBe(
      'invoiced',
    );
    expect((await getTimeActivity(userId, id))?.duration).toBe(3_600_000);
  });

  it('are free again after the invoice is voided or the draft deleted', async () => {
    const userId = ulid();
    const entries = await projectWithEntries(userId, 2);
    const [x, y] = entries;
    const sent = draft(userId, [x!.activityId]);
    await createDraft(sent, claimsOf([x!]));
    await sendInvoice(userId, sent.invoiceId, new Date(), issuer);
    const pending = draft(userId, [y!.activityId]);
    await createDraft(pending, claimsOf([y!]));

    await changeInvoiceStatus(userId, sent.invoiceId, 'sent', 'void', { voidedAt: new Date().toISOString() });
    await releaseEntries(userId, sent.invoiceId, sent.entryIds);
    expect(await deleteDraft(userId, pending)).toBe(true);

    expect((await getTimeActivity(userId, x!.activityId))?.invoiceId).toBeNull();
    expect((await getTimeActivity(userId, y!.activityId))?.invoiceId).toBeNull();
    expect((await changeTimeActivity(userId, x!.activityId, (c) => ({ ...c, task: 'Free' }))).status).toBe(
      'updated',
    );
    expect(await getInvoice(userId, pending.invoiceId)).toBeUndefined();
  });

  it('a draft whose entry changed after it was read claims nothing and leaves nothing behind', async () => {
    const userId = ulid();
    const entries = await projectWithEntries(userId, 3);
    await changeTimeActivity(userId, entries[2]!.activityId, (c) => ({ ...c, task: 'Changed meanwhile' }));
    const d = draft(
      userId,
      entries.map((e) => e.activityId),
    );

    expect(await createDraft(d, claimsOf(entries))).toBe('changed');

    expect(await getInvoice(userId, d.invoiceId)).toBeUndefined();
    for (const e of entries) expect((await getTimeActivity(userId, e.activityId))?.invoiceId).toBeNull();
  });
});
