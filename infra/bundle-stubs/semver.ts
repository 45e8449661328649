/**
 * `semver` as a function bundle gets it (`BUNDLE_ALIASES` in `./aliases.ts`):
 * jsonwebtoken, its only user there, asks `satisfies(process.version, range)` at load with three
 * ranges (`>=15.7.0`, `>=16.9.0`, `^6.12.0 || >=8.0.0`). The package is 28 KB of every signed-in
 * function and parses its ranges on every cold start; this answers those ranges the same
 * (`semver.test.ts` compares it with the package) and refuses any other form loudly.
 */

type Version = readonly [number, number, number];

function versionOf(text: string): Version {
  const match = /^\s*v?(\d+)\.(\d+)\.(\d+)/.exec(text);
  if (!match) throw new Error(`semver (infra/bundle-stubs): cannot read the version "${text}"`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** `^x.y.z`: at least x.y.z, below the next change of its first non-zero part. */
function caret(version: Version, floor: Version): boolean {
  if (compare(version, floor) < 0) return false;
  if (floor[0] > 0) return version[0] === floor[0];
  if (floor[1] > 0) return version[0] === 0 && version[1] === floor[1];
  return version[0] === 0 && version[1] === 0 && version[2] === floor[2];
}

function satisfiesOne(version: Version, comparator: string): boolean {
  const text = comparator.trim();
  if (/^>=\s*\d+\.\d+\.\d+$/.test(text)) return compare(version, versionOf(text.slice(2))) >= 0;
  if (/^\^\d+\.\d+\.\d+$/.test(text)) return caret(version, versionOf(text.slice(1)));
  throw new Error(`semver (infra/bundle-stubs): the range "${comparator}" is not supported here`);
}

/** Whether `version` is in `range` (`>=x.y.z` and `^x.y.z`, joined by `||`). */
export function satisfies(version: string, range: string): boolean {
  const parsed = versionOf(version);
  return range.split('||').some((comparator) => satisfiesOne(parsed, comparator));
}

export default { satisfies };
