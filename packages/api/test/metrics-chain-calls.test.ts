import { type ChainPort, domainError } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { instrumentChain } from '../src/metrics/instrument.js';
import { createShopMetrics } from '../src/metrics/shop-metrics.js';
import { sampleOf } from './support/prometheus-text.js';

/* The chain calls' series (docs/operations.md, "Metrics") name TRX and USDT calls apart. */

const DURATION = 'trx_shop_chain_call_duration_seconds_count';
const ERRORS = 'trx_shop_chain_call_errors_total';

/** Just the calls this test makes: the wrapper forwards whatever the port has. */
const chainWithUsdt = (usdt: Partial<NonNullable<ChainPort['usdt']>> | null) =>
  ({
    getConfirmedBalance: async () => 0,
    usdt:
      usdt &&
      ({
        contractAddress: 'TF1stcgw8U5tdwwizDbYrLQNAkY4nuHGjo',
        getConfirmedBalance: async () => 5_000_000,
        getUnconfirmedBalance: async () => {
          throw domainError('CHAIN_UNAVAILABLE', 'TRON node could not read a balance: unreachable');
        },
        ...usdt,
      } as NonNullable<ChainPort['usdt']>),
  }) as unknown as ChainPort;

describe('chain call metrics', () => {
  it('times the USDT side under usdt.<method> and counts its failures, apart from the TRX calls', async () => {
    const chain = chainWithUsdt({});
    const metrics = createShopMetrics();
    const timed = instrumentChain(chain, metrics);
    const address = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

    expect(await timed.usdt?.getConfirmedBalance(address)).toBe(5_000_000);
    expect(await timed.getConfirmedBalance(address)).toBe(0);
    await expect(timed.usdt?.getUnconfirmedBalance(address)).rejects.toMatchObject({
      code: 'CHAIN_UNAVAILABLE',
    });

    const text = await metrics.registry.metrics();
    expect(sampleOf(text, `${DURATION}{method="usdt.getConfirmedBalance"}`)).toBe(1);
    expect(sampleOf(text, `${DURATION}{method="getConfirmedBalance"}`)).toBe(1);
    expect(sampleOf(text, `${ERRORS}{method="usdt.getUnconfirmedBalance"}`)).toBe(1);
    expect(timed.usdt?.contractAddress).toBe(chain.usdt?.contractAddress);
  });

  it('leaves usdt null for a TRX-only shop', () => {
    expect(instrumentChain(chainWithUsdt(null), createShopMetrics()).usdt).toBeNull();
  });
});
