import { createHash, timingSafeEqual } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { config } from './config';

/**
 * The caller's address for the per-address limits and the security log. Behind CloudFront, API
 * Gateway's `sourceIp` is the edge server's, shared by everyone near it; CloudFront's own
 * `CloudFront-Viewer-Address` header (`<ip>:<port>`) names the viewer. That header is believed only
 * on requests that carry CloudFront's origin-verify header (`x-origin-verify`, a secret the stack
 * gives both CloudFront and the functions): a caller who goes straight to the API's execute-api URL
 * can write any header, and must not pick the address its attempts are counted against. Otherwise
 * (local stack, direct calls) the connection's address is the caller's.
 */
export function clientAddress(
  headers: Record<string, string | undefined>,
  sourceIp: string,
  originVerify: string | undefined = config.originVerify,
): string {
  const viewer = headers['cloudfront-viewer-address']?.trim();
  if (!viewer || !originVerify || !sameSecret(headers['x-origin-verify'], originVerify)) return sourceIp;
  const ip = viewer.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  return /^[0-9a-fA-F:.]{2,45}$/.test(ip) ? ip : sourceIp;
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] | undefined {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const bytes = dotted[1].split('.').map(Number);
    const [a = 0, b = 0, c = 0, d = 0] = bytes;
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((group) => Number.parseInt(group, 16)) : [];
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return undefined;
  const groups = [...head, ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => 0), ...tail];
  return groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff)
    ? groups
    : undefined;
}

/**
 * The subject a per-address budget counts: an IPv4 address as it is, an IPv6 address by its /64
 * network. One IPv6 subscriber gets a whole /64 and can take a new address from it for every
 * request (privacy extensions do it on their own), so counting single IPv6 addresses would give
 * each subscriber 2^64 budgets. IPv4-mapped (`::ffff:192.0.2.1`, also written `::ffff:c000:201`) and
 * IPv4-compatible forms count as the IPv4 address they carry; every spelling of one network
 * (compressed, expanded, upper case, with a zone) yields the same subject. Anything that is not an
 * address is returned as it is.
 */
export function addressBudgetSubject(address: string): string {
  const bare = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare.toLowerCase());
  if (!groups) return address;
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  const ipv4Tail = `${g6 >> 8}.${g6 & 0xff}.${g7 >> 8}.${g7 & 0xff}`;
  const upperZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (upperZero && g5 === 0xffff) return ipv4Tail;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
