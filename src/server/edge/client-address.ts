/**
 * The one rule for "which client is this" in every address-based limit: Better Auth's rate limits
 * (app.ts hands it this key as the client address), the inbox forms' limiter, the sign-in
 * slow-down and the sign-in alert (modules/auth/sign-in-failures.ts).
 *
 * An IPv4 address is its own key. An IPv6 address is grouped by its /64 network: one home, office
 * or phone gets a whole /64 from its provider and can pick any of its 2^64 addresses, so counting
 * them one by one would give a single client unlimited buckets. An IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.1`, what a dual-stack socket reports for an IPv4 client) is that IPv4 address.
 * The key of an IPv6 client is the network's first address (`2001:db8:1:2::`), so it is still a
 * valid address wherever one is expected (Better Auth checks the header holds one).
 */
import { isIPv4, isIPv6 } from 'node:net';

/** The limit key of a client address; text that is not an address is kept as it is (lower-cased). */
export function limitKey(address: string): string {
  const bare = address
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (isIPv4(bare)) return bare;
  // A zone index (fe80::1%eth0) names the local interface, not the client.
  const ip = bare.split('%')[0]!;
  if (!isIPv6(ip)) return bare;
  const groups = ipv6Groups(ip);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::`;
}

/** The eight 16-bit groups of a valid IPv6 address (with `::` and a dotted IPv4 tail expanded). */
function ipv6Groups(ip: string): number[] {
  let text = ip;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
