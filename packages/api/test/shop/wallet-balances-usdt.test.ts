import { createTronChain } from '@trx-shop/chain-tron';
import { sunToTrx, type UsdtChain } from '@trx-shop/domain';
import { type DevnetControl, devnetControl } from '@trx-shop/test-kit';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, json, type LoggedIn } from '../support/http.js';
import {
  createTestApp,
  startTestDevnet,
  TEST_USDT_FEE_LIMIT_SUN,
  type TestApp,
} from '../support/test-app.js';
import { BLOCKS_TO_SOLIDIFY, createMerchantAdmin, type Merchant, registerShopper } from './shop-fixtures.js';

let devnetNode: RunningDevnet;
let h: TestApp;
let devnet: DevnetControl;
let merchant: Merchant;

beforeAll(async () => {
  devnetNode = await startTestDevnet();
  h = await createTestApp({ devnet: devnetNode, usdt: true });
  devnet = devnetControl(devnetNode.url);
  merchant = await createMerchantAdmin(h);
});
afterAll(async () => {
  await h.close();
  await devnetNode.stop();
});

const balanceOf = (app: TestApp, user: LoggedIn) =>
  app.app.inject({ url: '/api/wallets/balance', headers: user.jar.header() });

const usdtOf = (app: TestApp): UsdtChain => {
  if (app.chain.usdt === null) throw new Error('this app runs with USDT on');
  return app.chain.usdt;
};

/** What the chain adapter itself estimates for a USDT transfer to the merchant, in TRX. */
const adapterFeeTrx = async (from: string) =>
  sunToTrx(
    (await usdtOf(h).estimateTransferFee({ fromAddress: from, toAddress: merchant.address, amount: 1 }))
      .feeSun,
  );

describe('GET /api/wallets/balance with USDT on', () => {
  it('lists the exact USDT the wallet holds beside its TRX, and the TRX a USDT payment burns', async () => {
    const shopper = await registerShopper(h);
    await devnet.fund(shopper.address, 2_500_000);
    await devnet.mintUsdt(shopper.address, 1_234_567_891);
    await devnet.produceBlocks(BLOCKS_TO_SOLIDIFY);

    const response = await balanceOf(h, shopper);

    expect(response.statusCode, response.body).toBe(200);
    expect(json(response)).toEqual({
      success: true,
      address: shopper.address,
      balance: 2.5,
      pendingOutgoing: 0,
      balances: [
        { currency: 'TRX', balance: 2.5, pendingOutgoing: 0 },
        { currency: 'USDT', balance: 1234.567891, pendingOutgoing: 0 },
      ],
      usdtTransferFee: await adapterFeeTrx(shopper.address),
    });
  });

  it('answers the lower holder fee once the merchant wallet holds USDT', async () => {
    const ownNode = await startTestDevnet();
    const own = await createTestApp({ devnet: ownNode, usdt: true });
    try {
      const ownMerchant = await createMerchantAdmin(own);
      const shopper = await registerShopper(own);
      const feeOf = async () => json(await balanceOf(own, shopper)).usdtTransferFee as number;
      const toNewHolder = await feeOf();

      await devnetControl(ownNode.url).mintUsdt(ownMerchant.address, 1);

      const toHolder = await feeOf();
      const estimate = await usdtOf(own).estimateTransferFee({
        fromAddress: shopper.address,
        toAddress: ownMerchant.address,
        amount: 1,
      });
      expect(estimate.recipientHoldsUsdt).toBe(true);
      expect(toHolder).toBe(sunToTrx(estimate.feeSun));
      expect(toHolder).toBeLessThan(toNewHolder);
    } finally {
      await own.close();
      await ownNode.stop();
    }
  });

  it('answers 503 CHAIN_UNAVAILABLE, as for TRX, when the node cannot be reached for the USDT read', async () => {
    const deadNode = await startTestDevnet();
    const deadUrl = deadNode.url;
    await deadNode.stop();
    const unreachableUsdt = createTronChain({
      fullHost: deadUrl,
      timeoutMs: 2_000,
      usdt: { contractAddress: devnetNode.usdtContract, feeLimitCapSun: TEST_USDT_FEE_LIMIT_SUN },
    }).usdt;
    const own = await createTestApp({
      devnet: devnetNode,
      wrapChain: (chain) => ({ ...chain, usdt: unreachableUsdt }),
    });
    try {
      const shopper = await registerShopper(own);

      const response = await balanceOf(own, shopper);

      expectError(response, 503, 'CHAIN_UNAVAILABLE');
      expect(response.body).not.toContain(new URL(deadUrl).port);
    } finally {
      await own.close();
    }
  });

  it('answers 401 UNAUTHENTICATED without a token', async () => {
    expectError(await h.app.inject({ url: '/api/wallets/balance' }), 401, 'UNAUTHENTICATED');
  });
});
