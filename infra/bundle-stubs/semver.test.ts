import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { satisfies } from './semver';

/** The package itself (jsonwebtoken's dependency; it ships no types), to compare with. */
const realSemver = createRequire(import.meta.url)('semver') as {
  satisfies(version: string, range: string): boolean;
};

/** The ranges jsonwebtoken asks at load (lib/*Supported.js), which the stub must answer alike. */
const JSONWEBTOKEN_RANGES = ['>=15.7.0', '>=16.9.0', '^6.12.0 || >=8.0.0'];

const version = fc
  .tuple(fc.nat(30), fc.nat(20), fc.nat(20))
  .map(([major, minor, patch]) => `v${major}.${minor}.${patch}`);

describe('the semver stub of function bundles', () => {
  it('answers jsonwebtoken’s ranges as semver does, for any version', () => {
    fc.assert(
      fc.property(version, fc.constantFrom(...JSONWEBTOKEN_RANGES), (v, range) => {
        expect(satisfies(v, range)).toBe(realSemver.satisfies(v, range));
      }),
    );
  });

  it('answers caret and at-least ranges of any floor as semver does', () => {
    fc.assert(
      fc.property(version, version, fc.constantFrom('^', '>='), (v, floor, op) => {
        const range = `${op}${floor.slice(1)}`;
        expect(satisfies(v, range)).toBe(realSemver.satisfies(v, range));
      }),
    );
  });

  it('answers true for the running Node on each of jsonwebtoken’s ranges', () => {
    for (const range of JSONWEBTOKEN_RANGES) expect(satisfies(process.version, range)).toBe(true);
  });

  it('refuses a range it does not read instead of guessing', () => {
    expect(() => satisfies('v22.0.0', '~1.2.3')).toThrow(/not supported/);
    expect(() => satisfies('v22.0.0', '1.x')).toThrow(/not supported/);
    expect(() => satisfies('not a version', '>=1.0.0')).toThrow(/cannot read/);
  });
});
