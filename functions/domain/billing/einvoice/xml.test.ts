import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amount, cleanText, date102, leaf, node, percent, thousandths, xmlText } from './xml';

describe('XML written by hand', () => {
  it('escapes markup and keeps what XML allows, emoji, CJK and bidi marks included', () => {
    expect(xmlText('a < b & c > "d" ]]>')).toBe('a &lt; b &amp; c &gt; &quot;d&quot; ]]&gt;');
    expect(xmlText('😀 漢字 \u200Fעברית\t\n')).toBe('😀 漢字 \u200Fעברית\t\n');
    expect(xmlText('line\r\nnext')).toBe('line&#13;\nnext');
  });

  it('removes the characters XML 1.0 forbids: C0 controls, lone surrogates, U+FFFE and U+FFFF', () => {
    expect(cleanText('a\u0000b\u0007c\u001Bd\u000Ce\uFFFEf\uFFFFg\uD800h\uDC00i')).toBe('abcdefghi');
    expect(cleanText('😀')).toBe('😀');
  });

  it('never leaves a character XML 1.0 cannot carry, whatever the text', () => {
    // XML 1.0's Char production, one code point at a time.
    const allowed = (text: string) =>
      Array.from(text).every((ch) => {
        const cp = ch.codePointAt(0)!;
        const lone = ch.length === 1 && cp >= 0xd800 && cp <= 0xdfff;
        return (
          cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp !== 0xfffe && cp !== 0xffff && !lone)
        );
      });
    const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: codeUnit }), (a, b) => {
        const written = xmlText(a + b);
        expect(allowed(written)).toBe(true);
        expect(written).not.toMatch(/[<>"]|&(?!amp;|lt;|gt;|quot;|#13;)/);
      }),
      { numRuns: 50 },
    );
  });

  it('leaves out absent children and writes attributes escaped', () => {
    expect(node('a', [leaf('b', 'x', { id: '1"2', no: undefined }), undefined, false, null])).toBe(
      '<a><b id="1&quot;2">x</b></a>',
    );
  });

  it('writes figures exactly from integers', () => {
    expect([amount(0), amount(5), amount(123_456), amount(-1050)]).toEqual([
      '0.00',
      '0.05',
      '1234.56',
      '-10.50',
    ]);
    expect([thousandths(1500), thousandths(2000), thousandths(1), thousandths(333_333)]).toEqual([
      '1.5',
      '2',
      '0.001',
      '333.333',
    ]);
    expect([percent(1900), percent(725), percent(5), percent(0)]).toEqual(['19', '7.25', '0.05', '0']);
    expect(date102('2026-03-02')).toBe('20260302');
  });
});
