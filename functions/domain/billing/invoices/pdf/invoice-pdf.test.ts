import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entry, invoice, pdfInput } from '../../../../../test/invoices/pdf-fixtures';
import { renderInvoicePdf } from './invoice-pdf';

const dir = mkdtempSync(join(tmpdir(), 'invoice-pdf-'));
let files = 0;

/** The PDF's text as poppler's `pdftotext` reads it (UTF-8, page order). */
function textOf(bytes: Uint8Array): string {
  const file = join(dir, `${files++}.pdf`);
  writeFileSync(file, bytes);
  // Wrapped lines are joined: a test looks for a text, not for where a line broke.
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

const pages = (bytes: Uint8Array) => {
  const file = join(dir, `${files++}.pdf`);
  writeFileSync(file, bytes);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
};

describe('the invoice PDF', () => {
  it('holds issuer, client, number, dates, lines, entries, totals and terms in German', async () => {
    const text = textOf((await renderInvoicePdf(pdfInput())).bytes);
    for (const expected of [
      'Rechnung 2026-0007',
      'Jörg Weiß',
      'Hauptstraße 5',
      'Müller & Söhne GmbH',
      'Königsallee 1',
      '40212 Düsseldorf',
      'DE811234567',
      '02. Apr. 2026',
      '01. März 2026 – 31. März 2026',
      '16. Apr. 2026',
      'Relaunch Café Crème',
      'Überarbeitung der Startseite – Ñandú façade, naïve rôle',
      '1,50',
      '80,00 €',
      '120,00 €',
      'USt. (19 %)',
      '22,80 €',
      '142,80 €',
      'Zahlbar innerhalb von 14 Tagen',
      'IBAN DE02 1203 0000 0000 2020 51',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('draws Japanese and Chinese text through the Noto CJK fonts', async () => {
    const entries = [
      entry('P1', 1, '会議の準備', '设计评审和讨论'),
      entry('P1', 2, 'カタカナとひらがな', '繁體中文測試'),
    ];
    const out = await renderInvoicePdf(pdfInput({ entries }));
    const text = textOf(out.bytes);
    expect(text).toContain('会議の準備 – 设计评审和讨论');
    expect(text).toContain('カタカナとひらがな – 繁體中文測試');
    expect(out.missing).toEqual([]);
  });

  it('shows a character no font can draw as U+FFFD, lists it, and keeps the rest of its line', async () => {
    const entries = [entry('P1', 1, 'Launch 🚀 party', '한국어 meeting')];
    const out = await renderInvoicePdf(pdfInput({ entries }));
    const text = textOf(out.bytes);
    expect(out.missing).toEqual(['🚀', '한', '국', '어']);
    expect(text).toContain('Launch \uFFFD party – \uFFFD\uFFFD\uFFFD meeting');
    expect(text).toContain('U+1F680, U+D55C, U+AD6D, U+C5B4');
  });

  it('speaks English with the user’s number format and currency', async () => {
    const out = await renderInvoicePdf(
      pdfInput({
        language: 'en',
        numberFormat: 'en-US',
        invoice: invoice({ currency: 'USD', number: null, status: 'draft', sentAt: null }),
      }),
    );
    const text = textOf(out.bytes);
    expect(text).toContain('Invoice Draft');
    expect(text).toContain('$120.00');
    expect(text).toContain('Tax (19 %)');
    expect(text).toContain('Please pay within 14 days, by 15 Apr 2026.');
  });

  it('states the reverse charge instead of a tax line', async () => {
    const text = textOf(
      (
        await renderInvoicePdf(
          pdfInput({ invoice: invoice({ reverseCharge: true, taxCents: 0, totalCents: 12000 }) }),
        )
      ).bytes,
    );
    expect(text).toContain('Steuerschuldnerschaft des Leistungsempfängers');
    expect(text).not.toContain('USt.');
  });

  it('keeps every one of 500 entries over 30 projects, on as many pages as they need', async () => {
    const lines = Array.from({ length: 30 }, (_, p) => ({
      projectId: `P${p}`,
      description: `Projekt ${p}`,
      hoursHundredths: 2550,
      rateCents: 9000,
      amountCents: 229500,
    }));
    const entries = Array.from({ length: 500 }, (_, i) =>
      entry(
        `P${i % 30}`,
        i,
        `Eintrag ${i} mit einem längeren Text, der umbrechen muss, weil er nicht in eine Zeile passt`,
      ),
    );
    const out = await renderInvoicePdf(pdfInput({ invoice: invoice({ lines }), entries }));
    const text = textOf(out.bytes);
    for (let i = 0; i < 500; i++) expect(text).toContain(`Eintrag ${i} mit`);
    for (let p = 0; p < 30; p++) expect(text).toContain(`Projekt ${p}`);
    expect(pages(out.bytes)).toBeGreaterThan(5);
  });

  it('renders any text without failing, listing exactly the characters it could not draw', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', maxLength: 60 }),
        fc.string({ unit: 'binary', maxLength: 60 }),
        async (task, sub) => {
          const out = await renderInvoicePdf(pdfInput({ entries: [entry('P1', 1, task, sub)] }));
          expect(out.bytes.length).toBeGreaterThan(1000);
          const given = new Set(Array.from(`${task}${sub}`.normalize('NFC')));
          for (const ch of out.missing) expect(given.has(ch)).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });
});
