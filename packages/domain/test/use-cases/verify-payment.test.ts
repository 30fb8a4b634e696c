import {
  cancelOrder,
  createOrder,
  type Order,
  payOrder,
  type ReceivedLinkStep,
  runSettlement,
  scanDeposits,
  type User,
  verifyPayment,
} from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { Crash, createDomainWorld, type DomainWorld, TRX, withStore } from '../support/domain-world.js';
import { errorOf, successOf } from '../support/results.js';

/*
 * Verifying a payment made from outside the service (docs/api.md, "Verifying a payment") over
 * the in-memory twins: the chain checks, the link of the merchant's line of the transfer to one
 * order, the same exactly-once effect as a confirmed payment, and every crash point in between.
 */

const PEN_PRICE = 5 * TRX;

const shop = async () => {
  const world = createDomainWorld();
  const merchant = await world.merchant(100);
  const buyer = await world.walletUser(0);
  const pen = await world.product({ stock: 10, priceSun: PEN_PRICE });
  const place = async (owner: User = buyer): Promise<Order> =>
    successOf(await createOrder(world.deps, owner.id, [{ productId: pen.id, quantity: 2 }]));
  /** A transfer into `to` made outside the service (an exchange paying), solid at once. */
  const payFromOutside = async (amountSun: number, to: string = merchant.wallet.address ?? '') => {
    world.controls.fund(to, amountSun);
    const block = await world.chain.solidBlock(await world.chain.solidBlockNumber());
    const transfer = block?.transfers.find((listed) => listed.toAddress === to);
    if (!transfer) throw new Error('the funding transfer is not in the newest block');
    return transfer.txId;
  };
  const verify = (orderId: string, txHash: string, deps = world.deps) =>
    verifyPayment(deps, { orderId, txHash });
  const stockOf = async () => (await world.store.products.findById(pen.id))?.stock;
  const confirmedEvents = async (owner: User = buyer) =>
    (await world.frames()).filter(
      ({ userId, event }) => userId === owner.id && event.event === 'transaction:confirmed',
    );
  const merchantLine = (txId: string) =>
    world.store.transactions.findReceived(txId, merchant.wallet.address ?? '');
  return {
    world,
    merchant,
    buyer,
    pen,
    place,
    payFromOutside,
    verify,
    stockOf,
    confirmedEvents,
    merchantLine,
  };
};

const scanAll = (world: DomainWorld) => scanDeposits(world.deps, { startBlock: 1, maxBlocks: 10_000 });

describe('verifyPayment', () => {
  it('links a transfer the scanner recorded as a merchant deposit: the order completes, stock is taken once, the customer is told', async () => {
    const { world, buyer, place, payFromOutside, verify, stockOf, confirmedEvents, merchantLine } =
      await shop();
    const order = await place();
    const txId = await payFromOutside(order.totalSun);
    await scanAll(world);
    expect(await merchantLine(txId)).toMatchObject({ type: 'deposit', orderId: null });

    const verified = successOf(await verify(order.id, txId.toUpperCase()));
    expect(verified).toMatchObject({
      status: 'completed',
      transactionHash: txId,
      payment: { txId, state: 'confirmed', amountSun: order.totalSun, signedTransaction: '' },
      purchaseEffect: 'applied',
    });
    expect(await stockOf()).toBe(10 - 2);
    expect(await confirmedEvents()).toHaveLength(1);
    expect(await merchantLine(txId)).toMatchObject({
      type: 'purchase',
      orderId: order.id,
      userId: buyer.id,
      amountSun: order.totalSun,
      effectApplied: true,
    });
    // A later scan of the same blocks adds nothing beside the purchase.
    expect((await scanAll(world)).depositsRecorded).toBe(0);
    const merchantDeposits = await world.store.transactions.listWalletMovements(
      (await merchantLine(txId))?.toAddress ?? '',
      { type: 'deposit' },
      { limit: 10, page: 1 },
    );
    expect(merchantDeposits.items.filter((line) => line.transactionHash === txId)).toEqual([]);
  });

  it('records and links a transfer the scanner has not seen yet; the scanner then finds it recorded', async () => {
    const { world, place, payFromOutside, verify, stockOf, merchantLine } = await shop();
    const order = await place();
    const txId = await payFromOutside(order.totalSun + 1);
    successOf(await verify(order.id, txId));
    expect(await merchantLine(txId)).toMatchObject({
      type: 'purchase',
      orderId: order.id,
      amountSun: order.totalSun + 1,
    });
    expect(await stockOf()).toBe(8);
    await scanAll(world);
    expect(await merchantLine(txId)).toMatchObject({ type: 'purchase', orderId: order.id });
    const merchantLines = await world.store.transactions.listWalletMovements(
      (await merchantLine(txId))?.toAddress ?? '',
      {},
      { limit: 50, page: 1 },
    );
    expect(merchantLines.items.filter((line) => line.transactionHash === txId)).toHaveLength(1);
  });

  it('completes a failed order the same way', async () => {
    const { world, buyer, place, payFromOutside, verify, stockOf, confirmedEvents } = await shop();
    world.controls.fund(buyer.wallet.address ?? '', 50 * TRX);
    const order = await place();
    world.controls.inject('reject');
    errorOf(await payOrder(world.deps, buyer.id, order.id));
    expect((await world.store.orders.findById(order.id))?.status).toBe('failed');
    const txId = await payFromOutside(order.totalSun);
    expect(successOf(await verify(order.id, txId))).toMatchObject({
      status: 'completed',
      transactionHash: txId,
    });
    expect(await stockOf()).toBe(8);
    expect(await confirmedEvents()).toHaveLength(1);
  });

  it('refuses what the chain does not show as a full, successful payment to the merchant, changing nothing', async () => {
    const { world, merchant, buyer, place, payFromOutside, verify, stockOf, merchantLine } = await shop();
    world.controls.fund(buyer.wallet.address ?? '', 50 * TRX);
    const order = await place();
    const codeOf = async (txHash: string) => errorOf(await verify(order.id, txHash)).code;

    expect(await codeOf('ab'.repeat(32))).toBe('TX_NOT_FOUND');
    const unsettled = await world.chain.signTransfer(
      {
        fromAddress: buyer.wallet.address ?? '',
        toAddress: merchant.wallet.address ?? '',
        amountSun: order.totalSun,
      },
      'key',
    );
    expect(await world.chain.broadcast(unsettled.signedTransaction)).toEqual({ kind: 'accepted' });
    expect(await codeOf(unsettled.txId)).toBe('TX_NOT_SOLIDIFIED');
    const failed = world.controls.includeFailedTransfer(
      buyer.wallet.address ?? '',
      merchant.wallet.address ?? '',
      order.totalSun,
    );
    expect(await codeOf(failed)).toBe('TX_FAILED');
    expect(await codeOf(await payFromOutside(order.totalSun, buyer.wallet.address ?? ''))).toBe(
      'TX_WRONG_RECIPIENT',
    );
    const short = await payFromOutside(order.totalSun - 1);
    expect(await codeOf(short)).toBe('TX_AMOUNT_TOO_LOW');

    expect(await world.store.orders.findById(order.id)).toMatchObject({ status: 'pending', payment: null });
    expect(await stockOf()).toBe(10);
    // The short transfer is on record as what it is: a deposit to the merchant, linked to nothing.
    expect(await merchantLine(short)).toBeNull();
    await scanAll(world);
    expect(await merchantLine(short)).toMatchObject({ type: 'deposit', orderId: null });
  });

  it('refuses a transfer already linked to another order, or one the service sent itself', async () => {
    const { world, buyer, place, payFromOutside, verify } = await shop();
    const other = await world.walletUser(50);
    const first = await place();
    const second = await place(other);
    const txId = await payFromOutside(first.totalSun);
    successOf(await verify(first.id, txId));
    expect(errorOf(await verify(second.id, txId)).code).toBe('TX_ALREADY_LINKED');
    expect(await world.store.orders.findById(second.id)).toMatchObject({ status: 'pending', payment: null });

    // The other customer pays a new order through the service; its txID is that order's.
    successOf(await cancelOrder(world.deps, other.id, second.id));
    const third = await place(other);
    const sent = successOf(await payOrder(world.deps, other.id, third.id)).transaction;
    world.controls.confirm();
    await runSettlement(world.deps);
    const fourth = await place(buyer);
    expect(errorOf(await verify(fourth.id, sent.transactionHash)).code).toBe('TX_ALREADY_LINKED');
  });

  it('refuses an order that is not pending or failed, or whose payment is in flight', async () => {
    const { world, buyer, place, payFromOutside, verify } = await shop();
    world.controls.fund(buyer.wallet.address ?? '', 50 * TRX);
    const cancelled = await place();
    successOf(await cancelOrder(world.deps, buyer.id, cancelled.id));
    const txId = await payFromOutside(cancelled.totalSun);
    expect(errorOf(await verify(cancelled.id, txId)).code).toBe('ORDER_NOT_PENDING');
    const paying = await place();
    successOf(await payOrder(world.deps, buyer.id, paying.id));
    expect(errorOf(await verify(paying.id, txId)).code).toBe('PAYMENT_IN_PROGRESS');
    expect(errorOf(await verify('0'.repeat(24), txId)).code).toBe('ORDER_NOT_FOUND');
  });

  it('answers the completed order again when run twice, moving nothing twice', async () => {
    const { place, payFromOutside, verify, stockOf, confirmedEvents } = await shop();
    const order = await place();
    const txId = await payFromOutside(order.totalSun);
    const once = successOf(await verify(order.id, txId));
    const twice = successOf(await verify(order.id, txId));
    expect(twice).toEqual(once);
    expect(await stockOf()).toBe(8);
    expect(await confirmedEvents()).toHaveLength(1);
  });

  it('two admins linking one transfer to two orders at once: exactly one wins', async () => {
    const { world, place, payFromOutside, verify, stockOf } = await shop();
    const other = await world.walletUser(0);
    const [first, second] = [await place(), await place(other)];
    const txId = await payFromOutside(first.totalSun);
    const outcomes = await Promise.all([verify(first.id, txId), verify(second.id, txId)]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(
      outcomes.filter((outcome) => !outcome.ok).map((outcome) => !outcome.ok && outcome.error.code),
    ).toEqual(['TX_ALREADY_LINKED']);
    const statuses = [
      (await world.store.orders.findById(first.id))?.status,
      (await world.store.orders.findById(second.id))?.status,
    ].sort();
    expect(statuses).toEqual(['completed', 'pending']);
    expect(await stockOf()).toBe(8);
  });

  it('two admins linking two transfers to one order at once: one completes it, the other transfer is left unlinked', async () => {
    const { world, place, payFromOutside, verify, stockOf, merchantLine } = await shop();
    const order = await place();
    const [first, second] = [await payFromOutside(order.totalSun), await payFromOutside(order.totalSun)];
    const outcomes = await Promise.all([verify(order.id, first), verify(order.id, second)]);
    const won = outcomes.findIndex((outcome) => outcome.ok);
    expect(won).toBeGreaterThanOrEqual(0);
    const lost = outcomes[1 - won];
    expect(lost && !lost.ok && lost.error.code).toBe('ORDER_NOT_PENDING');
    const [winner, loser] = won === 0 ? [first, second] : [second, first];
    expect(await world.store.orders.findById(order.id)).toMatchObject({
      status: 'completed',
      transactionHash: winner,
    });
    expect(await merchantLine(winner)).toMatchObject({ type: 'purchase', orderId: order.id });
    // The losing transfer is the merchant's deposit again, free to pay another order.
    expect(await merchantLine(loser)).toMatchObject({ type: 'deposit', orderId: null });
    expect(await stockOf()).toBe(8);
  });

  /** Store members that crash once on the chosen step, then behave. */
  const crashingOnce = (world: DomainWorld, at: 'accept' | ReceivedLinkStep['kind']) => {
    let crashed = false;
    const crashNow = () => {
      if (crashed) return false;
      crashed = true;
      return true;
    };
    return withStore(world, {
      orders: {
        ...world.store.orders,
        changeStatus: async (orderId, change) => {
          if (at === 'accept' && change.paymentClaim && crashNow())
            throw new Crash('crash before the order write');
          return world.store.orders.changeStatus(orderId, change);
        },
      },
      transactions: {
        ...world.store.transactions,
        linkReceived: async (id, step, when) => {
          if (step.kind === at && crashNow()) throw new Crash(`crash before the ${step.kind} step`);
          return world.store.transactions.linkReceived(id, step, when);
        },
      },
    });
  };

  for (const step of ['bind', 'accept', 'purchase'] as const) {
    it(`after a crash before the ${step} step, running it again finishes the job once`, async () => {
      const { world, place, payFromOutside, verify, stockOf, confirmedEvents, merchantLine } = await shop();
      const order = await place();
      const txId = await payFromOutside(order.totalSun);
      await expect(verify(order.id, txId, crashingOnce(world, step))).rejects.toThrow(Crash);
      expect(successOf(await verify(order.id, txId))).toMatchObject({
        status: 'completed',
        purchaseEffect: 'applied',
      });
      expect(await stockOf()).toBe(8);
      expect(await confirmedEvents()).toHaveLength(1);
      expect(await merchantLine(txId)).toMatchObject({
        type: 'purchase',
        orderId: order.id,
        effectApplied: true,
      });
    });
  }

  it('a crash inside the effect is finished by the listener, once', async () => {
    const { world, pen, place, payFromOutside, verify, stockOf, confirmedEvents } = await shop();
    const order = await place();
    const txId = await payFromOutside(order.totalSun);
    let crashed = false;
    const crashing = withStore(world, {
      products: {
        ...world.store.products,
        applyStockChange: async (change, when) => {
          if (!crashed && change.productId === pen.id) {
            crashed = true;
            throw new Crash('crash while taking stock');
          }
          return world.store.products.applyStockChange(change, when);
        },
      },
    });
    await expect(verify(order.id, txId, crashing)).rejects.toThrow(Crash);
    expect(await world.store.orders.findById(order.id)).toMatchObject({
      status: 'completed',
      purchaseEffect: 'applying',
    });
    await runSettlement(world.deps);
    expect(await world.store.orders.findById(order.id)).toMatchObject({ purchaseEffect: 'applied' });
    expect(await stockOf()).toBe(8);
    expect(await confirmedEvents()).toHaveLength(1);
  });
});
