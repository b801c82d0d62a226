import ipaddr from 'ipaddr.js';

/**
 * IPv4 and IPv6 addresses and CIDR blocks for the address allow-lists (issue 33), parsed and
 * matched by ipaddr.js (the library Fastify's own proxy-address handling uses). Pure: no I/O.
 *
 * A block is stored normalised, so one block has one spelling: the network address (host bits
 * cleared) in its shortest form and the prefix length — `203.0.113.7/32`, `2001:db8::/32`. An
 * IPv4-mapped IPv6 block (`::ffff:192.0.2.0/120`) is stored as the IPv4 block it maps, since a
 * request from such an address is matched as IPv4.
 */

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * One address as a person types it. IPv4 only in four-part decimal: ipaddr.js also reads `10.1`,
 * octal and hex forms, which nobody means in an allow-list and which would be stored as something
 * else than was typed. An IPv6 zone (`fe80::1%eth0`) names a local interface and is refused.
 */
function parseTyped(text: string): Address | null {
  if (text.includes(':')) {
    if (!ipaddr.IPv6.isValid(text)) return null;
    const address = ipaddr.IPv6.parse(text);
    return address.zoneId ? null : address;
  }
  return ipaddr.IPv4.isValidFourPartDecimal(text) ? ipaddr.IPv4.parse(text) : null;
}

/** The first `bits` bits of `address`, the rest zero: the block's network address. */
function network(address: Address, bits: number): Address {
  const bytes = address.toByteArray().map((byte, i) => {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    return byte & ((0xff << (8 - keep)) & 0xff);
  });
  return ipaddr.fromByteArray(bytes);
}

/**
 * An entry (`a.b.c.d`, `a.b.c.d/n`, an IPv6 address, `x::/n`) in its stored form, or null when it
 * is none of these. A bare address is a block of one (/32, /128); host bits under the prefix are
 * cleared (`203.0.113.7/24` is `203.0.113.0/24`).
 */
export function normaliseBlock(entry: string): string | null {
  const match = /^([^/\s]+)(?:\/(\d{1,3}))?$/.exec(entry.trim());
  if (!match) return null;
  let address = parseTyped(match[1]!);
  if (!address) return null;
  const max = address.kind() === 'ipv4' ? 32 : 128;
  let bits = match[2] === undefined ? max : Number(match[2]);
  if (bits > max) return null;
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96) {
    address = (address as ipaddr.IPv6).toIPv4Address();
    bits -= 96;
  }
  return `${network(address, bits).toString()}/${bits}`;
}

/**
 * A list as typed, normalised: blank entries dropped, each entry in its stored form, duplicates
 * (after normalising) once, in the order given. The first entry that is not an address or a block
 * is named instead.
 */
export function normaliseBlocks(entries: readonly string[]): { blocks: string[] } | { invalid: string } {
  const blocks: string[] = [];
  for (const entry of entries) {
    if (entry.trim() === '') continue;
    const block = normaliseBlock(entry);
    if (block === null) return { invalid: entry.trim() };
    if (!blocks.includes(block)) blocks.push(block);
  }
  return { blocks };
}

/**
 * A request's address as the allow-lists see it: an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`,
 * what a dual-stack socket reports for an IPv4 client) is the IPv4 address. Null when it is no
 * address at all.
 */
export function requestAddress(ip: string): Address | null {
  if (!ipaddr.isValid(ip)) return null;
  return ipaddr.process(ip);
}

/** The request's address written as the lists write addresses (for showing a person theirs). */
export function displayAddress(ip: string): string {
  return requestAddress(ip)?.toString() ?? ip;
}

/**
 * Whether `ip` falls inside one of `blocks` (stored, normalised blocks). An address that cannot be
 * read, and a stored block that cannot (written around the API), match nothing: the check fails
 * closed.
 */
export function addressInBlocks(ip: string, blocks: readonly string[]): boolean {
  const address = requestAddress(ip);
  if (!address) return false;
  return blocks.some((block) => {
    if (!ipaddr.isValidCIDR(block)) return false;
    const [net, bits] = ipaddr.parseCIDR(block);
    return net.kind() === address.kind() && address.match(net, bits);
  });
}
