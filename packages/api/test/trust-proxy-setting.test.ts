import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load-config.js';
import { parseTrustProxy } from '../src/config/trust-proxy.js';

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset', () => {
    expect(parseTrustProxy(null)).toEqual({ ok: true, value: false });
  });

  it('takes a number of hops from 1 to 10', () => {
    expect(parseTrustProxy('1')).toEqual({ ok: true, value: 1 });
    expect(parseTrustProxy('10')).toEqual({ ok: true, value: 10 });
    for (const refused of ['0', '11']) expect(parseTrustProxy(refused)).toMatchObject({ ok: false });
  });

  it('takes a comma-separated list of addresses and CIDRs, IPv4 and IPv6', () => {
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1,fd00::/8')).toEqual({
      ok: true,
      value: ['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8'],
    });
  });

  it('refuses "true" (every client could choose its own address) and anything else, naming the variable', () => {
    for (const refused of ['true', 'yes', 'proxy.example.com', '10.0.0.0/8,nonsense', ',']) {
      const parsed = parseTrustProxy(refused);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.problem).toMatch(/^TRUST_PROXY: /);
    }
  });

  it('reaches the configuration, and a bad value refuses the start with one line naming it', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' })).toMatchObject({
      ok: true,
      config: { trustProxy: ['10.0.0.0/8'] },
    });
    expect(loadConfig({})).toMatchObject({ ok: true, config: { trustProxy: false } });
    const refused = loadConfig({ TRUST_PROXY: 'true' });
    expect(refused.ok).toBe(false);
    if (!refused.ok)
      expect(refused.problems.filter((line) => line.startsWith('TRUST_PROXY: '))).toHaveLength(1);
  });
});
