import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signToken } from '../../functions/lib/jwt';
import { seedUser, uniqueEmail } from '../accounts/helpers';
import { newUser, type TestUser } from '../activities/helpers';
import { call } from '../api';
import { setStatus } from './helpers';
import { download, draftOf, getInvoice, numbered, sellerReady, sentInvoice } from './issued';

/** Sending and voiding draw PDFs; the first in a file also loads the renderer and its fonts. */
const SLOW = 120_000;

/**
 * CONTRACT §9 "…invoices sent by email": `POST /api/invoices/{id}/email` through the real SES API of
 * the local `aws-ses-v2-local`, whose store is read back: the message, its language, both
 * attachments byte for byte as the downloads answer them, the hourly mail cap, the refusals.
 */

interface StoredMail {
  subject: string;
  from: string;
  replyTo: string[];
  destination: { to: string[] };
  body: { text?: string; html?: string };
  attachments: { filename?: string; contentType: string; content: string; size: number }[];
}

/** What the local SES received for `address` (its JSON store), oldest first. */
async function inbox(address: string): Promise<StoredMail[]> {
  const res = await fetch(`${process.env.SES_ENDPOINT}/store`);
  const store = (await res.json()) as { emails: StoredMail[] };
  return store.emails.filter((m) => m.destination.to.some((to) => to.toLowerCase().includes(address)));
}

const sha256 = (base64: string) => createHash('sha256').update(Buffer.from(base64, 'base64')).digest('hex');

const email = (user: TestUser, id: string, body: Record<string, unknown> = {}) =>
  call('POST', `/api/invoices/${id}/email`, { token: user.token, body });

async function seller() {
  const user = await newUser({ premium: true });
  await sellerReady(user);
  return user;
}

describe('emailing an invoice', { timeout: SLOW }, () => {
  it('sends the stored PDF and XRechnung to the client’s email in the invoice’s language, and lists it', async () => {
    const user = await seller();
    const to = uniqueEmail('kunde');
    const invoice = await sentInvoice(user, { email: to, language: 'de' });

    const res = await email(user, invoice.id, { message: 'Danke für den Auftrag! <b>&</b> 🚀' });

    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.to).toBe(to);
    const [mail, ...more] = await inbox(to);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Rechnung ${numbered(1)} von Jörg Weiß`);
    expect(mail?.from).toContain('Jörg Weiß');
    expect(mail?.replyTo.join()).toContain('joerg@example.com');
    expect(mail?.body.text).toContain(`anbei erhalten Sie die Rechnung ${numbered(1)}`);
    expect(mail?.body.text).toContain('192,38');
    expect(mail?.body.text).toContain('Danke für den Auftrag! <b>&</b> 🚀');
    expect(mail?.body.html).toContain('Danke für den Auftrag! &#60;b&#62;&#38;&#60;/b&#62; 🚀');
    const [pdf, xml] = [
      await download(user, invoice.id, 'pdf'),
      await download(user, invoice.id, 'xrechnung'),
    ];
    expect(mail?.attachments.map((a) => [a.filename, a.contentType, sha256(a.content)])).toEqual([
      [`Rechnung-${numbered(1)}.pdf`, 'application/pdf', pdf.sha256],
      [`Rechnung-${numbered(1)}-xrechnung.xml`, 'application/xml', xml.sha256],
    ]);
    expect((await getInvoice(user, invoice.id)).emails).toEqual([res.body]);
  });

  it('sends a credit note to the address given, in English, naming the invoice it cancels', async () => {
    const user = await seller();
    const invoice = await sentInvoice(user, { email: uniqueEmail('client') });
    const { creditNoteId } = (await setStatus(user, invoice.id, { status: 'void' })).body;
    const to = uniqueEmail('accounts');

    const res = await email(user, creditNoteId, { to: `  ${to.toUpperCase()}  ` });

    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const [mail] = await inbox(to);
    expect(mail?.subject).toBe(`Credit note ${numbered(2)} from Jörg Weiß`);
    expect(mail?.body.text).toContain(`It cancels invoice ${numbered(1)}.`);
    expect(mail?.attachments.map((a) => a.filename)).toEqual([
      `Credit-note-${numbered(2)}.pdf`,
      `Credit-note-${numbered(2)}-xrechnung.xml`,
    ]);
    const stored = (await download(user, creditNoteId, 'xrechnung')).sha256;
    expect(sha256(mail?.attachments[1]?.content ?? '')).toBe(stored);
    expect((await getInvoice(user, creditNoteId)).emails).toHaveLength(1);
    expect((await getInvoice(user, invoice.id)).emails).toEqual([]);
  });
});

describe('an email that is not sent', { timeout: SLOW }, () => {
  it('is refused: no address 400, not an address 400, a draft 409, another user’s 404, the demo 403 — nothing sent or listed', async () => {
    const user = await seller();
    const invoice = await sentInvoice(user);
    const draft = await draftOf(user, { email: uniqueEmail('drafty') });
    const other = await newUser({ premium: true });
    const injected = `${uniqueEmail('x')}\r\nBcc: victim@example.com`;

    const cases = [
      [user, invoice.id, {}, 400, 'CLIENT_EMAIL_MISSING', 'to'],
      [user, invoice.id, { to: injected }, 400, 'INVALID_EMAIL', 'to'],
      [user, invoice.id, { to: 'not an address' }, 400, 'INVALID_EMAIL', 'to'],
      [user, invoice.id, { to: 42 }, 400, 'NOT_TEXT', 'to'],
      [
        user,
        invoice.id,
        { to: uniqueEmail('ok'), message: 'x'.repeat(2001) },
        400,
        'TEXT_TOO_LONG',
        'message',
      ],
      [user, draft.id, { to: uniqueEmail('draft') }, 409, 'INVOICE_NOT_ISSUED', undefined],
      [other, invoice.id, { to: uniqueEmail('theirs') }, 404, 'INVOICE_NOT_FOUND', undefined],
    ] as const;
    for (const [who, id, body, status, code, param] of cases) {
      const res = await email(who, id, body);
      expect(res.status, `${code}: ${JSON.stringify(res.body)}`).toBe(status);
      expect(res.body.errors[0]).toMatchObject({ code, ...(param ? { param } : {}) });
    }
    // The shared demo account mails no one.
    const demo = await seedUser({ isDemo: true, premium: true });
    const demoUser = { userId: demo._id, token: await signToken({ sub: demo._id, ver: 0 }) };
    const refused = await email(demoUser, invoice.id, { to: uniqueEmail('spam') });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('DEMO_SENDS_NO_EMAIL');
    expect(await inbox('victim@example.com')).toEqual([]);
    expect((await getInvoice(user, invoice.id)).emails).toEqual([]);
    expect((await getInvoice(user, draft.id)).emails).toEqual([]);
  });

  it('is held back past the hourly cap of one address: 429 TOO_MANY_EMAILS with Retry-After, not sent, not listed', async () => {
    const user = await seller();
    const to = uniqueEmail('often');
    const invoice = await sentInvoice(user, { email: to });

    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await email(user, invoice.id));

    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202, 202, 429]);
    expect(answers[5]?.body.errors[0].code).toBe('TOO_MANY_EMAILS');
    expect(Number(answers[5]?.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(answers[5]?.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(await inbox(to)).toHaveLength(5);
    expect((await getInvoice(user, invoice.id)).emails).toHaveLength(5);
  });
});
