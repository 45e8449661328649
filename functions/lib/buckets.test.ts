import fc from 'fast-check';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import {
  documentKey,
  invoicePrefix,
  parseReceiptKey,
  receiptKey,
  receiptsPrefix,
  userPrefix,
} from './buckets';

const id = fc.stringMatching(/^[A-Za-z0-9_-]{1,100}$/);

describe('the key layout of the files', () => {
  it('puts an invoice’s documents and a receipt under the user’s prefix, as the brief lays them out', () => {
    const [user, invoice, receipt] = [ulid(), ulid(), ulid()];
    expect(documentKey(user, invoice, 'pdf')).toBe(`users/${user}/invoices/${invoice}/pdf.pdf`);
    expect(documentKey(user, invoice, 'xrechnung')).toBe(`users/${user}/invoices/${invoice}/xrechnung.xml`);
    expect(documentKey(user, invoice, 'ubl')).toBe(`users/${user}/invoices/${invoice}/ubl.xml`);
    expect(receiptKey(user, receipt)).toBe(`users/${user}/receipts/${receipt}`);
    expect(receiptsPrefix(user)).toBe(`users/${user}/receipts/`);
  });

  it('keeps every key of a user under that user’s prefix and under no other user’s', () => {
    fc.assert(
      fc.property(id, id, id, (user, other, thing) => {
        fc.pre(user !== other);
        for (const key of [documentKey(user, thing, 'pdf'), receiptKey(user, thing)]) {
          expect(key.startsWith(userPrefix(user))).toBe(true);
          expect(key.startsWith(userPrefix(other))).toBe(false);
        }
        expect(documentKey(user, thing, 'ubl').startsWith(invoicePrefix(user, thing))).toBe(true);
      }),
    );
  });

  it('reads the owner and id back from a receipt’s key, and nothing from any other key', () => {
    fc.assert(
      fc.property(id, id, (user, receipt) => {
        expect(parseReceiptKey(receiptKey(user, receipt))).toEqual({ userId: user, receiptId: receipt });
        expect(parseReceiptKey(documentKey(user, receipt, 'pdf'))).toBeUndefined();
      }),
    );
    for (const key of [
      'users/a/receipts/',
      'users//receipts/b',
      'users/a/receipts/b/c',
      'x/users/a/receipts/b',
    ]) {
      expect(parseReceiptKey(key), key).toBeUndefined();
    }
  });

  it('refuses an id that could leave its place in the layout (a slash, dots, empty, too long, not ASCII)', () => {
    for (const bad of ['', 'a/b', '..', '.', 'a b', 'ä', 'x'.repeat(101), '../other']) {
      expect(() => receiptKey(ulid(), bad), JSON.stringify(bad)).toThrow(/Invalid receipt id/);
      expect(() => userPrefix(bad), JSON.stringify(bad)).toThrow(/Invalid user id/);
      expect(() => invoicePrefix(ulid(), bad), JSON.stringify(bad)).toThrow(/Invalid invoice id/);
    }
  });
});
