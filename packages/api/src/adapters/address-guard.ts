import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may never reach unless WEBHOOK_ALLOW_PRIVATE_HOSTS is set: this machine,
 * the networks behind it, link-local (cloud metadata lives at 169.254.169.254 and fd00:ec2::254)
 * and addresses that are no single host. A shop's admin account is not a way into them.
 */
const forbidden = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT (and Alibaba's metadata at 100.100.100.200)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  forbidden.addSubnet(network, prefix, 'ipv6');
}

const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;
const MAPPED_IPV4_HEX = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/** The IPv4 address an IPv4-mapped IPv6 address stands for (either notation), else null. */
const mappedIpv4 = (address: string): string | null => {
  const dotted = MAPPED_IPV4.exec(address)?.[1];
  if (dotted !== undefined) return dotted;
  const hex = MAPPED_IPV4_HEX.exec(address);
  if (!hex) return null;
  const [high, low] = [Number.parseInt(hex[1] ?? '0', 16), Number.parseInt(hex[2] ?? '0', 16)];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
};

/** Whether `address` (an IP literal) is one a webhook may not be sent to. */
export const isForbiddenAddress = (address: string): boolean => {
  const mapped = mappedIpv4(address);
  if (mapped !== null) return isForbiddenAddress(mapped);
  const family = isIP(address);
  if (family === 4) return forbidden.check(address, 'ipv4');
  if (family === 6) return forbidden.check(address, 'ipv6');
  // Not an address at all: nothing to connect to.
  return true;
};
