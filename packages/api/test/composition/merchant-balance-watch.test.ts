import { domainError, type Logger, type Scheduler } from '@trx-shop/domain';
import { devnetControl } from '@trx-shop/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObjectIdGenerator } from '../../src/adapters/object-id-generator.js';
import { startMerchantBalanceWatch } from '../../src/composition/merchant-balance-watch.js';
import { createMerchantAdmin, type Merchant } from '../shop/shop-fixtures.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/*
 * The low-balance watch as the service starts it, over the real SQLite store and a real devnet:
 * ticks are run by hand, so "the next tick" is a call, not a wait.
 */

const THRESHOLD_SUN = 100_000_000;

let h: TestApp;
let merchant: Merchant;
beforeAll(async () => {
  h = await createTestApp();
  merchant = await createMerchantAdmin(h);
});
afterAll(() => h.close());

/** A scheduler whose one task the test runs tick by tick. */
const manualScheduler = () => {
  let task: (() => Promise<void>) | null = null;
  const scheduler: Scheduler = {
    every: (_intervalMs, run) => {
      task = run;
      return { stop: async () => {} };
    },
  };
  return {
    scheduler,
    tick: async () => {
      if (!task) throw new Error('nothing scheduled');
      await task();
    },
  };
};

const recordingLogger = () => {
  const lines: { level: string; message: string; context: Record<string, unknown> }[] = [];
  const at =
    (level: string) =>
    (context: Record<string, unknown>, message: string): void => {
      lines.push({ level, message, context });
    };
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { logger, lines, said: () => lines.filter((line) => line.level !== 'debug') };
};

describe('the merchant balance watch', () => {
  it('logs one warning while the node does not answer, records nothing, and records the drop at the first tick the node answers', async () => {
    let reachable = false;
    const chain = {
      getConfirmedBalance: async (address: string) => {
        if (!reachable)
          throw domainError('CHAIN_UNAVAILABLE', 'TRON node could not read a balance: unreachable');
        return h.chain.getConfirmedBalance(address);
      },
    };
    await devnetControl(h.devnet.url).fundSolid(merchant.address, 12_345_678);
    const { scheduler, tick } = manualScheduler();
    const { logger, said } = recordingLogger();
    startMerchantBalanceWatch({
      deps: {
        store: h.store,
        chain,
        clock: h.clock,
        ids: createObjectIdGenerator(),
        configuredMerchantAddress: null,
      },
      logger,
      scheduler,
      thresholdSun: THRESHOLD_SUN,
      intervalMs: 60_000,
    });

    for (let run = 0; run < 3; run += 1) await tick();
    expect(said()).toEqual([
      {
        level: 'warn',
        message: 'merchant balance check skipped; it tries again every interval',
        context: { code: 'CHAIN_UNAVAILABLE', err: 'TRON node could not read a balance: unreachable' },
      },
    ]);
    expect(await h.store.balanceAlerts.isLow(merchant.address)).toBe(false);

    reachable = true;
    await tick();
    await tick();
    expect(said().slice(1)).toEqual([
      {
        level: 'warn',
        message: 'merchant wallet balance is below MERCHANT_LOW_BALANCE_TRX',
        context: { address: merchant.address, balance: '12.345678', threshold: '100' },
      },
    ]);
    expect(await h.store.balanceAlerts.isLow(merchant.address)).toBe(true);
    const logged = (await h.store.eventLog.readAfter(0, 1_000)).filter((event) =>
      event.type.startsWith('merchant.'),
    );
    expect(logged.map(({ type, payload }) => ({ type, payload }))).toEqual([
      {
        type: 'merchant.balance_low',
        payload: { address: merchant.address, balance: '12.345678', threshold: '100' },
      },
    ]);
  });
});
