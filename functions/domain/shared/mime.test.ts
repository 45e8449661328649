import fc from 'fast-check';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { encodedWords, headerText, isMailAddress, type MimeMessage, mimeMessage } from './mime';

/** The MIME messages invoices are emailed in, read back by a real mail parser (mailparser). */

const message = (over: Partial<MimeMessage> = {}): MimeMessage => ({
  from: { name: 'Jörg Weiß via Timeledger', address: 'noreply@timeledger.example' },
  to: 'kunde@example.com',
  replyTo: { name: 'Jörg Weiß', address: 'joerg@example.com' },
  subject: 'Rechnung RE-2026-0001 von Jörg Weiß',
  text: 'Guten Tag,\n\nanbei …',
  html: '<p>Guten Tag,</p>',
  attachments: [
    {
      filename: 'Rechnung-RE-2026-0001.pdf',
      contentType: 'application/pdf',
      content: new Uint8Array([37, 80, 68, 70, 0, 255]),
    },
    {
      filename: 'Rechnung-RE-2026-0001-xrechnung.xml',
      contentType: 'application/xml',
      content: new TextEncoder().encode('<x>ä</x>'),
    },
  ],
  ...over,
});

const parse = (bytes: Uint8Array) => simpleParser(Buffer.from(bytes));

describe('a MIME message', () => {
  it('carries the headers, both bodies and every attachment byte for byte', async () => {
    const parsed = await parse(mimeMessage(message()));

    expect(parsed.subject).toBe('Rechnung RE-2026-0001 von Jörg Weiß');
    expect(parsed.from?.value).toEqual([
      { name: 'Jörg Weiß via Timeledger', address: 'noreply@timeledger.example' },
    ]);
    expect(parsed.replyTo?.value).toEqual([{ name: 'Jörg Weiß', address: 'joerg@example.com' }]);
    expect(parsed.text?.trim()).toBe('Guten Tag,\n\nanbei …');
    expect(parsed.html).toBe('<p>Guten Tag,</p>');
    expect(parsed.attachments.map((a) => [a.filename, a.contentType, [...a.content]])).toEqual([
      ['Rechnung-RE-2026-0001.pdf', 'application/pdf', [37, 80, 68, 70, 0, 255]],
      ['Rechnung-RE-2026-0001-xrechnung.xml', 'application/xml', [...new TextEncoder().encode('<x>ä</x>')]],
    ]);
  });

  it('keeps any subject and name, however hostile, inside its own header', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', maxLength: 120 }),
        fc.string({ maxLength: 80 }),
        async (subject, name) => {
          const bytes = mimeMessage(
            message({ subject, from: { name, address: 'noreply@timeledger.example' } }),
          );
          const head = Buffer.from(bytes).toString('utf8').split('\r\n\r\n')[0] ?? '';
          // Every header line is a known header or a folded continuation: nothing was added.
          for (const line of head.split('\r\n')) {
            expect(line).toMatch(
              /^(From|To|Reply-To|Subject|Date|MIME-Version|Content-Type): | =\?UTF-8\?B\?/,
            );
            expect(line.length).toBeLessThanOrEqual(998);
          }
          const parsed = await parse(bytes);
          expect(parsed.to && 'value' in parsed.to ? parsed.to.value.map((v) => v.address) : []).toEqual([
            'kunde@example.com',
          ]);
          expect(parsed.headers.has('bcc')).toBe(false);
          expect(parsed.subject ?? '').toBe(headerText(subject));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses an address that could end its header', () => {
    for (const to of [
      'a@b.com\r\nBcc: victim@example.com',
      'a@b.com, c@d.com',
      'Name <a@b.com>',
      'a b@c.de',
      'nobody',
    ]) {
      expect(isMailAddress(to), to).toBe(false);
      expect(() => mimeMessage(message({ to }))).toThrow('Not a mail address');
    }
    expect(isMailAddress('jörg@example.com')).toBe(true);
  });

  it('splits long text into encoded words under 76 characters without cutting a character', () => {
    const words = encodedWords('🚀'.repeat(40)).split('\r\n ');
    expect(words.length).toBeGreaterThan(1);
    for (const word of words) {
      expect(word.length).toBeLessThan(76);
      expect(Buffer.from(word.slice(10, -2), 'base64').toString('utf8')).toMatch(/^(🚀)+$/u);
    }
  });
});
