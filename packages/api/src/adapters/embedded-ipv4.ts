import { isIP } from 'node:net';

/** The 16 bytes of an IPv6 literal (any notation, a zone id ignored); null for anything else. */
export const ipv6Bytes = (address: string): Uint8Array | null => {
  const literal = address.replace(/%.*$/, '');
  if (isIP(literal) !== 6) return null;
  const groups = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = literal.split('::');
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const hextets = [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
  return Uint8Array.from(hextets.flatMap((hextet) => [hextet >> 8, hextet & 0xff]));
};

const ipv4At = (bytes: Uint8Array, offset: number, mask = 0): string =>
  Array.from(bytes.subarray(offset, offset + 4), (byte) => byte ^ mask).join('.');

const startsWith = (bytes: Uint8Array, prefix: readonly number[]): boolean =>
  prefix.every((byte, index) => bytes[index] === byte);

const zeroBetween = (bytes: Uint8Array, from: number, to: number): boolean =>
  bytes.subarray(from, to).every((byte) => byte === 0);

const NAT64 = [0x00, 0x64, 0xff, 0x9b]; // 64:ff9b::/32 (RFC 6052, RFC 8215)
const NAT64_LOCAL_USE = [...NAT64, 0x00, 0x01]; // 64:ff9b:1::/48
const SIX_TO_FOUR = [0x20, 0x02]; // 2002::/16
const TEREDO = [0x20, 0x01, 0x00, 0x00]; // 2001::/32

/**
 * The IPv4 addresses a packet to this IPv6 address is carried to, one per form that embeds one
 * ([] when none does). null for an address in the NAT64 space outside the two /96 prefixes, where
 * the prefix length (so the place of the IPv4 address) is the operator's and cannot be told.
 */
export const embeddedIpv4 = (address: string): readonly string[] | null => {
  const bytes = ipv6Bytes(address);
  if (bytes === null) return [];
  const found: string[] = [];
  const lastFour = ipv4At(bytes, 12);
  // IPv4-mapped ::ffff:a.b.c.d
  if (zeroBetween(bytes, 0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) found.push(lastFour);
  // IPv4-translated ::ffff:0:a.b.c.d (SIIT)
  if (zeroBetween(bytes, 0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zeroBetween(bytes, 10, 12)) {
    found.push(lastFour);
  }
  // IPv4-compatible ::a.b.c.d (deprecated, still routed by some stacks)
  if (zeroBetween(bytes, 0, 12)) found.push(lastFour);
  // NAT64: the well-known 64:ff9b::/96 and the local-use 64:ff9b:1::/96
  if (startsWith(bytes, NAT64)) {
    const wellKnown = zeroBetween(bytes, 4, 12);
    const localUse = startsWith(bytes, NAT64_LOCAL_USE) && zeroBetween(bytes, 6, 12);
    if (!wellKnown && !localUse) return null;
    found.push(lastFour);
  }
  // 6to4 2002:aabb:ccdd::/48
  if (startsWith(bytes, SIX_TO_FOUR)) found.push(ipv4At(bytes, 2));
  // Teredo 2001:0:<server>:<flags>:<port>:<client>, the client's address inverted
  if (startsWith(bytes, TEREDO)) found.push(ipv4At(bytes, 4), ipv4At(bytes, 12, 0xff));
  // ISATAP interface id ::0:5efe:a.b.c.d (or ::200:5efe:...) under any prefix
  if (
    (bytes[8] === 0x00 || bytes[8] === 0x02) &&
    bytes[9] === 0x00 &&
    bytes[10] === 0x5e &&
    bytes[11] === 0xfe
  ) {
    found.push(lastFour);
  }
  return found;
};
