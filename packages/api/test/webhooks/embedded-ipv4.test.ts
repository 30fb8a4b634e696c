import { describe, expect, it } from 'vitest';
import { isForbiddenAddress } from '../../src/adapters/address-guard.js';
import { embeddedIpv4 } from '../../src/adapters/embedded-ipv4.js';

/*
 * Every IPv6 form that carries an IPv4 address is read back to that address (the addresses and
 * their IPv4 readings are written out by hand), and the guard judges it as that address.
 */

describe('the IPv4 address an IPv6 address carries', () => {
  it.each([
    ['IPv4-mapped, dotted', '::ffff:169.254.169.254', ['169.254.169.254']],
    ['IPv4-mapped, hex', '::ffff:a00:1', ['10.0.0.1']],
    ['IPv4-translated (SIIT)', '::ffff:0:a9fe:a9fe', ['169.254.169.254']],
    ['IPv4-compatible, hex', '::a9fe:a9fe', ['169.254.169.254']],
    ['IPv4-compatible, dotted', '::10.0.0.1', ['10.0.0.1']],
    ['NAT64 well-known prefix, hex', '64:ff9b::a9fe:a9fe', ['169.254.169.254']],
    ['NAT64 well-known prefix, dotted', '64:ff9b::10.0.0.1', ['10.0.0.1']],
    ['NAT64 local-use /96', '64:ff9b:1::a00:1', ['10.0.0.1']],
    ['6to4', '2002:a9fe:a9fe::1', ['169.254.169.254']],
    [
      'Teredo: its server, and its client (inverted bits)',
      '2001:0:4136:e378:8000:63bf:f5ff:fffe',
      ['65.54.227.120', '10.0.0.1'],
    ],
    ['ISATAP interface id', '2001:db8::5efe:a00:1', ['10.0.0.1']],
    ['ISATAP interface id, universal bit set', '2001:db8::200:5efe:c0a8:101', ['192.168.1.1']],
    ['a zone id after the address', '::ffff:7f00:1%eth0', ['127.0.0.1']],
  ])('reads %s (%s)', (_form, address, ipv4) => {
    expect(embeddedIpv4(address)).toEqual(ipv4);
  });

  it.each([
    ['a global unicast address', '2606:4700:4700::1111'],
    ['a documentation address', '2001:db8::1'],
    ['not an address', 'example.com'],
  ])('finds none in %s', (_case, address) => {
    expect(embeddedIpv4(address)).toEqual([]);
  });

  it('cannot tell where a local-use NAT64 address of another prefix length leads', () => {
    expect(embeddedIpv4('64:ff9b:1:a00:0:100::')).toBeNull();
    expect(embeddedIpv4('64:ff9b:ab::a00:1')).toBeNull();
  });
});

describe('the address guard on IPv6 addresses that carry an IPv4 one', () => {
  it.each([
    '::a9fe:a9fe',
    '::10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    '64:ff9b:1::a00:1',
    '64:ff9b:1:a00:0:100::',
    '2002:a9fe:a9fe::1',
    '::ffff:0:a9fe:a9fe',
    '2001:0:4136:e378:8000:63bf:f5ff:fffe',
    '2001:0:a00:1:8000:63bf:a2b7:27dd',
    '2001:db8::5efe:a00:1',
  ])('forbids %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    '::ffff:5db8:d822',
    '::ffff:0:5db8:d822',
    '::5db8:d822',
    '64:ff9b::5db8:d822',
    '64:ff9b:1::5db8:d822',
    '2002:5db8:d822::1',
    '2001:0:4136:e378:8000:63bf:a2b7:27dd',
    '2606:4700::5efe:5db8:d822',
  ])('judges %s as the public IPv4 address it carries', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});
