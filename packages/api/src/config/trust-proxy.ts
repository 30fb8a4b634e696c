/**
 * TRUST_PROXY, as Fastify's `trustProxy` takes it: a number of hops (`1`: one reverse proxy in
 * front), or a comma-separated list of addresses and CIDRs of the proxies (`10.0.0.0/8,127.0.0.1`).
 * Unset: no proxy is trusted, the socket's peer is the client. `true` (trust every hop) is refused:
 * behind it any client could choose its own address with `X-Forwarded-For`, and with it its
 * rate-limit bucket.
 */
export type TrustProxy = false | number | readonly string[];

const IPV4_CIDR = /^(\d{1,3})(\.\d{1,3}){3}(\/\d{1,2})?$/;
const IPV6_CIDR = /^[0-9a-fA-F:]+(\/\d{1,3})?$/;

export const parseTrustProxy = (
  raw: string | null,
): { ok: true; value: TrustProxy } | { ok: false; problem: string } => {
  if (raw === null) return { ok: true, value: false };
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops >= 1 && hops <= 10) return { ok: true, value: hops };
    return { ok: false, problem: 'TRUST_PROXY: a number of proxy hops must be from 1 to 10' };
  }
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  const bad = entries.find(
    (entry) => !(IPV4_CIDR.test(entry) || (entry.includes(':') && IPV6_CIDR.test(entry))),
  );
  if (entries.length === 0 || bad !== undefined) {
    return {
      ok: false,
      problem: `TRUST_PROXY: must be a number of hops or a comma-separated list of proxy addresses or CIDRs${bad ? `, got ${JSON.stringify(bad)}` : ''}`,
    };
  }
  return { ok: true, value: entries };
};
