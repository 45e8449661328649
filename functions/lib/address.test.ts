import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressBudgetSubject } from './address';

const hex4 = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));

describe('the subject a per-address budget counts', () => {
  it('is an IPv4 address as it is', () => {
    expect(addressBudgetSubject('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBudgetSubject('203.0.113.8')).toBe('203.0.113.8');
  });

  it('is the /64 network of an IPv6 address, whatever its interface part', () => {
    expect(addressBudgetSubject('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressBudgetSubject('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressBudgetSubject('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });

  it('gives every spelling of one network the same subject: compressed, expanded, zero-padded, upper case, zone, brackets', () => {
    const spellings = [
      '2001:db8::1',
      '2001:0db8:0000:0000:0000:0000:0000:0001',
      '2001:DB8:0:0:0:0:0:FFFF',
      '2001:db8:0::abcd:1',
      '2001:db8::1%eth0',
      '[2001:db8::42]',
    ];
    for (const spelling of spellings)
      expect(addressBudgetSubject(spelling), spelling).toBe('2001:db8:0:0::/64');
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address it carries, dotted or in hex', () => {
    expect(addressBudgetSubject('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBudgetSubject('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(addressBudgetSubject('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('keeps networks apart that differ anywhere in the first 64 bits', () => {
    expect(addressBudgetSubject('2001:db8:0:1::1')).not.toBe(addressBudgetSubject('2001:db8:0:2::1'));
    expect(addressBudgetSubject('2001:db9::1')).not.toBe(addressBudgetSubject('2001:db8::1'));
  });

  it('maps any two addresses of one /64, however written, to one subject (generated)', () => {
    fc.assert(
      fc.property(
        fc.array(hex4, { minLength: 4, maxLength: 4 }),
        fc.array(hex4, { minLength: 4, maxLength: 4 }),
        fc.array(hex4, { minLength: 4, maxLength: 4 }),
        (prefix, a, b) => {
          const one = [...prefix, ...a].join(':');
          const other = [...prefix, ...b].map((group) => group.padStart(4, '0').toUpperCase()).join(':');
          const subject = addressBudgetSubject(one);
          expect(addressBudgetSubject(other)).toBe(subject);
          expect(subject).toMatch(/::\/64$|^\d+\.\d+\.\d+\.\d+$/);
        },
      ),
    );
  });

  it('leaves what is not an address as it is (the limits still count it)', () => {
    expect(addressBudgetSubject('unknown')).toBe('unknown');
    expect(addressBudgetSubject('2001:db8::1::2')).toBe('2001:db8::1::2');
  });
});
