import { BlockList, isIP } from 'node:net';
import { embeddedIpv4 } from './embedded-ipv4.js';

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

/**
 * Whether `address` (an IP literal) is one a webhook may not be sent to. An IPv6 address that
 * carries an IPv4 one (mapped, NAT64, 6to4, Teredo, ...) is also judged as that IPv4 address,
 * since that is where its packets end up.
 */
export const isForbiddenAddress = (address: string): boolean => {
  const family = isIP(address);
  if (family === 4) return forbidden.check(address, 'ipv4');
  // Not an address at all: nothing to connect to.
  if (family !== 6) return true;
  if (forbidden.check(address, 'ipv6')) return true;
  const embedded = embeddedIpv4(address);
  return embedded === null || embedded.some((ipv4) => forbidden.check(ipv4, 'ipv4'));
};
