import {
  applyTransferEffect,
  createOrder,
  type Logger,
  type Order,
  overrideOrderStatus,
  payOrder,
  type PaymentDeps,
  type Product,
  refundOrder,
  runSettlement,
  type SettlementReport,
  settleTransaction,
  type ShopStore,
  type TotpPort,
  type TransactionRecord,
  type User,
  updateProduct,
  withdraw,
} from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { Crash, createDomainWorld, type DomainWorld, TRX, withStore } from '../support/domain-world.js';
import { successOf } from '../support/results.js';

/*
 * The listener's settlement over the in-memory twins: every branch of settleTransaction,
 * applyTransferEffect and runSettlement (claims a crash left unrecorded, pending transactions,
 * interrupted effects, stranded reservations). Expected values come from docs/api.md ("Payments,
 * refunds and withdrawals", "Money safety rules") and docs/decisions.md sections 7 and 8.
 */

/** Confirmations recorded once the solidified chain reports a transaction (decisions, section 8). */
const CONFIRMATIONS = 21;
/** Every order's network fee: -0.01 TRX (decisions, section 2). */
const NETWORK_FEE_SUN = -10_000;
/** A reservation whose transfer was never claimed is released once it is 2 minutes old. */
const GRACE_MS = 2 * 60 * 1000;
/** java-tron burns 0.1 TRX of bandwidth plus 1 TRX to create the receiving account. */
const NEW_ACCOUNT_FEE_SUN = 1_100_000;

const NOTHING_SETTLED = { confirmed: 0, failed: 0, pending: 0, rebroadcast: 0, 'lookup-error': 0 };

interface LogLine {
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly context: Record<string, unknown>;
  readonly message: string;
}

/** A logger that keeps what it was told, for the "logged" half of a rule. */
const recordingLogger = () => {
  const lines: LogLine[] = [];
  const at =
    (level: LogLine['level']) =>
    (context: Record<string, unknown>, message: string): void => {
      lines.push({ level, context, message });
    };
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { logger, lines };
};

/** A TOTP twin that never matches: the withdrawing users here have 2FA off. */
const noTotp: TotpPort = {
  newSecret: () => 'SECRET',
  keyUri: (account, secret) => `otpauth://totp/${account}?secret=${secret}`,
  matchingStep: () => null,
};

type Line = readonly [Product, number];

const shop = async () => {
  const world = createDomainWorld();
  const merchant = await world.merchant(100);
  const buyer = await world.walletUser(100);
  const pen = await world.product({ stock: 10, priceSun: 5 * TRX });
  const ink = await world.product({ stock: 4, priceSun: 2 * TRX });

  const place = async (owner: User, lines: readonly Line[]): Promise<Order> =>
    successOf(
      await createOrder(
        world.deps,
        owner.id,
        lines.map(([product, quantity]) => ({ productId: product.id, quantity })),
      ),
    );
  const pay = async (owner: User, order: Order): Promise<TransactionRecord> =>
    successOf(await payOrder(world.deps, owner.id, order.id)).transaction;
  const placeAndPay = async (owner: User, lines: readonly Line[]) => {
    const order = await place(owner, lines);
    return { order, tx: await pay(owner, order) };
  };
  /** A purchase the chain accepted but never put in a block (a node that lost it). */
  const lostPurchase = async (owner: User, lines: readonly Line[]) => {
    world.controls.inject('drop');
    return placeAndPay(owner, lines);
  };
  const override = (orderId: string, status: string) =>
    overrideOrderStatus({ ...world.deps, orders: world.store.orders }, orderId, { status });

  const orderOf = (id: string) => world.store.orders.findById(id);
  const txOf = (id: string) => world.store.transactions.findById(id);
  const productOf = (product: Product) => world.store.products.findById(product.id);
  const heldOn = (owner: User) => world.store.walletReservations.reservedSun(owner.wallet.address ?? '');

  /** Moves chain time just past (or, with `by` 0, exactly to) the transaction's expiration. */
  const expire = async (tx: TransactionRecord, by = 1) => {
    const head = await world.chain.solidifiedHeadTime();
    world.controls.advanceTime(tx.expiresAt.getTime() - head.getTime() + by);
  };
  const confirmAndSettle = async (deps: PaymentDeps = world.deps): Promise<SettlementReport> => {
    world.controls.confirm();
    return runSettlement(deps);
  };

  /**
   * The marker that a settlement run would have sent events: a fresh buyer's purchase settled in
   * the same run. Await `marker()` before the run and call `proven()` after it.
   */
  const marker = async () => {
    const other = await world.walletUser(100);
    const { tx } = await placeAndPay(other, [[pen, 1]]);
    return {
      proven: async () =>
        expect((await world.frames()).at(-1)).toMatchObject({
          userId: other.id,
          event: { event: 'transaction:confirmed', data: { txHash: tx.transactionHash } },
        }),
    };
  };

  return {
    world,
    merchant,
    buyer,
    pen,
    ink,
    place,
    pay,
    placeAndPay,
    lostPurchase,
    override,
    orderOf,
    txOf,
    productOf,
    heldOn,
    expire,
    confirmAndSettle,
    marker,
  };
};

const transferEvent = (
  world: DomainWorld,
  userId: string,
  event: 'transaction:confirmed' | 'transaction:failed' | 'order:refunded',
  tx: TransactionRecord,
) => ({
  userId,
  event: {
    event,
    data: {
      orderId: tx.orderId,
      txHash: tx.transactionHash,
      message: expect.stringMatching(/\S/),
      timestamp: world.deps.clock.now().toISOString(),
    },
  },
});

describe('settling a purchase', () => {
  it('confirms a purchase included on the solid chain: 21 confirmations, order completed, stock taken per line, holds released, the buyer told', async () => {
    const { world, merchant, buyer, pen, ink, placeAndPay, orderOf, txOf, productOf, heldOn } = await shop();
    const { order, tx } = await placeAndPay(buyer, [
      [pen, 2],
      [ink, 3],
    ]);
    const total = 2 * 5 * TRX + 3 * 2 * TRX + NETWORK_FEE_SUN;
    expect(await productOf(pen)).toMatchObject({ stock: 10, reservedStock: 2 });
    expect(await productOf(ink)).toMatchObject({ stock: 4, reservedStock: 3 });
    // The merchant's account exists, so the transfer burns no creation fee.
    expect(await heldOn(buyer)).toBe(total);

    world.controls.confirm();
    const block = await world.chain.solidBlockNumber();
    world.advance(30_000);
    const report = await runSettlement(world.deps);

    expect(report).toEqual({
      recoveredClaims: 0,
      outcomes: { ...NOTHING_SETTLED, confirmed: 1 },
      effectsResumed: 0,
      releasedReservations: { stock: 0, outgoing: 0 },
    });
    expect(await txOf(tx.id)).toMatchObject({
      status: 'confirmed',
      confirmations: CONFIRMATIONS,
      blockNumber: block,
      feeSun: 0,
      failureReason: null,
      effectApplied: true,
    });
    expect(await orderOf(order.id)).toMatchObject({
      status: 'completed',
      payment: { state: 'confirmed', txId: tx.transactionHash },
      stockTaken: [2, 3],
      stockRestored: [null, null],
      purchaseEffect: 'applied',
    });
    expect(await productOf(pen)).toMatchObject({ stock: 8, reservedStock: 0 });
    expect(await productOf(ink)).toMatchObject({ stock: 1, reservedStock: 0 });
    expect(await heldOn(buyer)).toBe(0);
    expect(await world.balanceOf(buyer.wallet.address)).toBe(100 * TRX - total);
    expect(await world.balanceOf(merchant.wallet.address)).toBe(100 * TRX + total);
    expect(await world.frames()).toEqual([transferEvent(world, buyer.id, 'transaction:confirmed', tx)]);
  });

  it('a later run after the confirmation changes nothing and tells no one again', async () => {
    const { world, buyer, pen, ink, placeAndPay, orderOf, txOf, productOf, confirmAndSettle, marker } =
      await shop();
    const { order, tx } = await placeAndPay(buyer, [
      [pen, 2],
      [ink, 3],
    ]);
    await confirmAndSettle();
    const settled = { order: await orderOf(order.id), tx: await txOf(tx.id), ink: await productOf(ink) };
    const eventsBefore = (await world.frames()).length;

    const later = await marker();
    world.advance(60_000);
    const report = await confirmAndSettle();
    await confirmAndSettle();

    await later.proven();
    expect(report.outcomes).toEqual({ ...NOTHING_SETTLED, confirmed: 1 });
    expect(report.effectsResumed).toBe(0);
    expect({ order: await orderOf(order.id), tx: await txOf(tx.id), ink: await productOf(ink) }).toEqual(
      settled,
    );
    // The marker's purchase took one pen; the first order's two were taken once.
    expect(await productOf(pen)).toMatchObject({ stock: 10 - 2 - 1, reservedStock: 0 });
    expect((await world.frames()).filter(({ userId }) => userId === buyer.id)).toHaveLength(eventsBefore);
  });

  it('refuses to mark refunded an order whose payment is in flight; the payment then completes it as usual', async () => {
    const { world, buyer, pen, placeAndPay, override, orderOf, productOf } = await shop();
    const { order } = await placeAndPay(buyer, [[pen, 2]]);
    const refused = await override(order.id, 'refunded');
    expect(refused.ok ? 'ok' : refused.error.code).toBe('PAYMENT_IN_PROGRESS');
    world.controls.confirm();
    await runSettlement(world.deps);
    expect(await orderOf(order.id)).toMatchObject({ status: 'completed', stockTaken: [2] });
    expect(await productOf(pen)).toMatchObject({ stock: 8, reservedStock: 0 });
    expect((await world.frames()).map(({ event }) => event.event)).toEqual(['transaction:confirmed']);
  });

  for (const status of ['completed'] as const) {
    it(`confirms a purchase whose order an admin moved to ${status} first: the order keeps its status and takes no stock`, async () => {
      const { world, merchant, buyer, pen, placeAndPay, override, orderOf, txOf, productOf, heldOn } =
        await shop();
      const { order, tx } = await placeAndPay(buyer, [[pen, 2]]);
      const total = 2 * 5 * TRX + NETWORK_FEE_SUN;
      world.advance(1_000);
      const overridden = successOf(await override(order.id, status));
      // Leaving pending releases the stock the payment held (Money safety rule 2).
      expect(await productOf(pen)).toMatchObject({ stock: 10, reservedStock: 0 });

      world.controls.confirm();
      world.advance(1_000);
      const report = await runSettlement(world.deps);

      expect(report.outcomes).toEqual({ ...NOTHING_SETTLED, confirmed: 1 });
      expect(await txOf(tx.id)).toMatchObject({
        status: 'confirmed',
        confirmations: CONFIRMATIONS,
        effectApplied: true,
      });
      expect(await orderOf(order.id)).toMatchObject({
        status,
        updatedAt: overridden.updatedAt,
        payment: { state: 'confirmed' },
        stockTaken: [null],
        purchaseEffect: null,
      });
      expect(await productOf(pen)).toMatchObject({ stock: 10, reservedStock: 0 });
      expect(await heldOn(buyer)).toBe(0);
      expect(await world.balanceOf(merchant.wallet.address)).toBe(100 * TRX + total);
      // "transaction:confirmed" means "its order completed": this payment completed nothing.
      expect(await world.frames()).toEqual([]);
    });
  }

  it('fails a purchase absent once the solidified head is past its expiration: order failed, holds released, the buyer told', async () => {
    const { world, merchant, buyer, pen, ink, lostPurchase, orderOf, txOf, productOf, heldOn, expire } =
      await shop();
    const { order, tx } = await lostPurchase(buyer, [
      [pen, 2],
      [ink, 1],
    ]);
    world.controls.confirm();
    await expire(tx);
    world.advance(5_000);

    const report = await runSettlement(world.deps);

    expect(report.outcomes).toEqual({ ...NOTHING_SETTLED, failed: 1 });
    expect(await txOf(tx.id)).toMatchObject({
      status: 'failed',
      confirmations: 0,
      blockNumber: null,
      failureReason: 'EXPIRED',
      effectApplied: true,
    });
    expect(await orderOf(order.id)).toMatchObject({
      status: 'failed',
      payment: { state: 'failed' },
      stockTaken: [null, null],
    });
    expect(await productOf(pen)).toMatchObject({ stock: 10, reservedStock: 0 });
    expect(await productOf(ink)).toMatchObject({ stock: 4, reservedStock: 0 });
    expect(await heldOn(buyer)).toBe(0);
    expect(await world.balanceOf(buyer.wallet.address)).toBe(100 * TRX);
    expect(await world.balanceOf(merchant.wallet.address)).toBe(100 * TRX);
    expect(await world.frames()).toEqual([transferEvent(world, buyer.id, 'transaction:failed', tx)]);
  });

  it('a failed purchase is failed once: later runs change nothing and tell no one again', async () => {
    const { world, buyer, pen, lostPurchase, orderOf, txOf, expire, confirmAndSettle, marker } = await shop();
    const { order, tx } = await lostPurchase(buyer, [[pen, 2]]);
    await expire(tx);
    await runSettlement(world.deps);
    const failed = { order: await orderOf(order.id), tx: await txOf(tx.id) };

    const later = await marker();
    const report = await confirmAndSettle();

    await later.proven();
    expect(report.outcomes).toEqual({ ...NOTHING_SETTLED, confirmed: 1 });
    expect({ order: await orderOf(order.id), tx: await txOf(tx.id) }).toEqual(failed);
    expect((await world.frames()).filter(({ event }) => event.event === 'transaction:failed')).toHaveLength(
      1,
    );
  });

  it('keeps an absent purchase pending and re-broadcasts it while the solidified head has not passed its expiration, whatever the service clock says', async () => {
    const { world, buyer, pen, lostPurchase, orderOf, txOf, productOf, heldOn, expire, confirmAndSettle } =
      await shop();
    const { order, tx } = await lostPurchase(buyer, [[pen, 2]]);
    const total = 2 * 5 * TRX + NETWORK_FEE_SUN;
    // A day on the service clock, and the chain's head exactly at the expiration: not past it.
    world.advance(24 * 60 * 60 * 1000);
    await expire(tx, 0);
    expect(await world.chain.getUnconfirmedBalance(buyer.wallet.address ?? '')).toBe(100 * TRX);

    const report = await runSettlement(world.deps);

    expect(report.outcomes).toEqual({ ...NOTHING_SETTLED, rebroadcast: 1 });
    expect(await txOf(tx.id)).toMatchObject({ status: 'pending', effectApplied: false });
    expect(await orderOf(order.id)).toMatchObject({ status: 'pending', payment: { state: 'pending' } });
    expect(await productOf(pen)).toMatchObject({ stock: 10, reservedStock: 2 });
    expect(await heldOn(buyer)).toBe(total);
    // The stored signed copy reached the node again: it now waits in its pool.
    expect(await world.chain.getUnconfirmedBalance(buyer.wallet.address ?? '')).toBe(100 * TRX - total);
    expect(await world.frames()).toEqual([]);

    await confirmAndSettle();
    expect(await orderOf(order.id)).toMatchObject({ status: 'completed', stockTaken: [2] });
    expect(await world.balanceOf(buyer.wallet.address)).toBe(100 * TRX - total);
  });

  it('logs a refused re-broadcast and keeps the purchase pending until expiry decides', async () => {
    const { world, buyer, pen, lostPurchase, orderOf, txOf, expire } = await shop();
    const { order, tx } = await lostPurchase(buyer, [[pen, 1]]);
    const { logger, lines } = recordingLogger();
    world.controls.inject('reject');

    const refused = await runSettlement({ ...world.deps, logger });

    expect(refused.outcomes).toEqual({ ...NOTHING_SETTLED, rebroadcast: 1 });
    expect(await txOf(tx.id)).toMatchObject({ status: 'pending' });
    expect(await orderOf(order.id)).toMatchObject({ status: 'pending' });
    expect(lines).toEqual([
      {
        level: 'warn',
        context: expect.objectContaining({ txHash: tx.transactionHash }),
        message: expect.stringMatching(/\S/),
      },
    ]);
    expect(await world.frames()).toEqual([]);

    await expire(tx);
    const expired = await runSettlement(world.deps);
    expect(expired.outcomes).toEqual({ ...NOTHING_SETTLED, failed: 1 });
    expect(await orderOf(order.id)).toMatchObject({ status: 'failed' });
  });

  it('fails a purchase the chain reports included but failed: order failed, holds released, the buyer told', async () => {
    const { world, buyer, pen, lostPurchase, orderOf, txOf, productOf, heldOn } = await shop();
    const { order, tx } = await lostPurchase(buyer, [[pen, 2]]);
    // The memory chain includes only successful transfers of its own; a failed contract of a
    // transfer the service sent comes from a node's answer, so that answer is the one replaced.
    const chain = {
      ...world.chain,
      lookupTransfer: async () => ({
        kind: 'confirmed' as const,
        blockNumber: 7,
        feeSun: 0,
        succeeded: false,
      }),
    };

    const report = await runSettlement({ ...world.deps, chain });

    expect(report.outcomes).toEqual({ ...NOTHING_SETTLED, failed: 1 });
    expect(await txOf(tx.id)).toMatchObject({
      status: 'failed',
      confirmations: 0,
      effectApplied: true,
      failureReason: 'FAILED_ON_CHAIN',
    });
    expect(await orderOf(order.id)).toMatchObject({ status: 'failed', payment: { state: 'failed' } });
    expect(await productOf(pen)).toMatchObject({ stock: 10, reservedStock: 0 });
    expect(await heldOn(buyer)).toBe(0);
    expect(await world.frames()).toEqual([transferEvent(world, buyer.id, 'transaction:failed', tx)]);
  });
});

describe('lookup errors', () => {
  it('leaves every transaction pending and logs each when the node is unreachable, then settles them once it is back', async () => {
    const { world, buyer, pen, placeAndPay, orderOf, txOf, productOf, confirmAndSettle } = await shop();
    const second = await world.walletUser(100);
    const first = await placeAndPay(buyer, [[pen, 1]]);
    const other = await placeAndPay(second, [[pen, 2]]);
    const { logger, lines } = recordingLogger();
    world.controls.confirm();
    world.controls.setReachable(false);

    const report = await runSettlement({ ...world.deps, logger });

    expect(report.outcomes).toEqual({ ...NOTHING_SETTLED, 'lookup-error': 2 });
    for (const { order, tx } of [first, other]) {
      expect(await txOf(tx.id)).toMatchObject({ status: 'pending', confirmations: 0 });
      expect(await orderOf(order.id)).toMatchObject({ status: 'pending', payment: { state: 'pending' } });
    }
    expect(await productOf(pen)).toMatchObject({ stock: 10, reservedStock: 3 });
    expect(lines.map(({ level, context }) => [level, context.txHash]).sort()).toEqual(
      [
        ['warn', first.tx.transactionHash],
        ['warn', other.tx.transactionHash],
      ].sort(),
    );
    expect(await world.frames()).toEqual([]);

    world.controls.setReachable(true);
    const back = await confirmAndSettle();
    expect(back.outcomes).toEqual({ ...NOTHING_SETTLED, confirmed: 2 });
    expect(await productOf(pen)).toMatchObject({ stock: 7, reservedStock: 0 });
  });

  it('a lookup that fails for one transaction leaves it pending and logged while the others in the same run settle', async () => {
    const { world, pen, ink, placeAndPay, orderOf, txOf, productOf, confirmAndSettle } = await shop();
    const [a, b, c] = [await world.walletUser(100), await world.walletUser(100), await world.walletUser(100)];
    const paidA = await placeAndPay(a, [[pen, 1]]);
    const paidB = await placeAndPay(b, [[ink, 2]]);
    const paidC = await placeAndPay(c, [[pen, 3]]);
    const { logger, lines } = recordingLogger();
    // The memory chain's own outage, for B's lookup only (it fails before its first await).
    const chain = {
      ...world.chain,
      lookupTransfer: (txId: string) => {
        if (txId !== paidB.tx.transactionHash) return world.chain.lookupTransfer(txId);
        world.controls.setReachable(false);
        const failing = world.chain.lookupTransfer(txId);
        world.controls.setReachable(true);
        return failing;
      },
    };
    world.controls.confirm();

    const report = await runSettlement({ ...world.deps, chain, logger });

    expect(report.outcomes).toEqual({ ...NOTHING_SETTLED, confirmed: 2, 'lookup-error': 1 });
    expect(await txOf(paidB.tx.id)).toMatchObject({ status: 'pending' });
    expect(await orderOf(paidB.order.id)).toMatchObject({ status: 'pending' });
    expect(await productOf(ink)).toMatchObject({ stock: 4, reservedStock: 2 });
    for (const { order, tx } of [paidA, paidC]) {
      expect(await txOf(tx.id)).toMatchObject({ status: 'confirmed', confirmations: CONFIRMATIONS });
      expect(await orderOf(order.id)).toMatchObject({ status: 'completed' });
    }
    expect(await productOf(pen)).toMatchObject({ stock: 6, reservedStock: 0 });
    expect(lines).toEqual([
      {
        level: 'warn',
        context: expect.objectContaining({ txHash: paidB.tx.transactionHash }),
        message: expect.stringMatching(/\S/),
      },
    ]);
    expect((await world.frames()).map(({ userId, event }) => [userId, event.event]).sort()).toEqual(
      [
        [a.id, 'transaction:confirmed'],
        [c.id, 'transaction:confirmed'],
      ].sort(),
    );

    const next = await confirmAndSettle();
    expect(next.outcomes).toEqual({ ...NOTHING_SETTLED, confirmed: 1 });
    expect(await orderOf(paidB.order.id)).toMatchObject({ status: 'completed', stockTaken: [2] });
    expect(await productOf(ink)).toMatchObject({ stock: 2, reservedStock: 0 });
  });
});

describe('settling a refund', () => {
  it('refunds on confirmation: order refunded, stock restored by what the order took, the merchant’s hold released, the buyer told', async () => {
    const {
      world,
      merchant,
      buyer,
      pen,
      ink,
      placeAndPay,
      orderOf,
      txOf,
      productOf,
      heldOn,
      confirmAndSettle,
    } = await shop();
    const { order } = await placeAndPay(buyer, [
      [pen, 2],
      [ink, 3],
    ]);
    const total = 2 * 5 * TRX + 3 * 2 * TRX + NETWORK_FEE_SUN;
    await confirmAndSettle();
    const refund = successOf(await refundOrder(world.deps, order.id)).transaction;
    expect(await heldOn(merchant)).toBe(total);

    world.controls.confirm();
    world.advance(2_000);
    const report = await runSettlement(world.deps);

    expect(report.outcomes).toEqual({ ...NOTHING_SETTLED, confirmed: 1 });
    expect(await txOf(refund.id)).toMatchObject({
      type: 'refund',
      status: 'confirmed',
      confirmations: CONFIRMATIONS,
      effectApplied: true,
    });
    expect(await orderOf(order.id)).toMatchObject({
      status: 'refunded',
      refunds: [expect.objectContaining({ state: 'confirmed', txId: refund.transactionHash, id: refund.id })],
      refundedSun: refund.amountSun,
      stockTaken: [2, 3],
      stockRestored: [2, 3],
      refundEffect: 'applied',
    });
    expect(await productOf(pen)).toMatchObject({ stock: 10, reservedStock: 0 });
    expect(await productOf(ink)).toMatchObject({ stock: 4, reservedStock: 0 });
    expect(await heldOn(merchant)).toBe(0);
    expect(await world.balanceOf(buyer.wallet.address)).toBe(100 * TRX);
    expect(await world.balanceOf(merchant.wallet.address)).toBe(100 * TRX);
    expect(await world.frames()).toEqual([
      { userId: buyer.id, event: expect.objectContaining({ event: 'transaction:confirmed' }) },
      transferEvent(world, buyer.id, 'order:refunded', refund),
    ]);
  });

  it('a confirmed refund is applied once: later runs restore nothing more and tell no one again', async () => {
    const { world, buyer, pen, placeAndPay, orderOf, productOf, confirmAndSettle, marker } = await shop();
    const { order } = await placeAndPay(buyer, [[pen, 2]]);
    await confirmAndSettle();
    successOf(await refundOrder(world.deps, order.id));
    await confirmAndSettle();
    const refunded = await orderOf(order.id);

    const later = await marker();
    await confirmAndSettle();
    await confirmAndSettle();

    await later.proven();
    expect(await orderOf(order.id)).toEqual(refunded);
    // Back to 10 after the refund, minus the marker's one pen.
    expect(await productOf(pen)).toMatchObject({ stock: 9, reservedStock: 0 });
    expect((await world.frames()).filter(({ event }) => event.event === 'order:refunded')).toHaveLength(1);
  });

  it('restores exactly what the purchase took when the stock could not cover the whole line', async () => {
    const { world, buyer, pen, placeAndPay, orderOf, productOf, confirmAndSettle } = await shop();
    const { order } = await placeAndPay(buyer, [[pen, 3]]);
    // An admin corrects the stock to 1 while the payment is in flight: stock never goes below 0.
    successOf(await updateProduct({ ...world.deps, products: world.store.products }, pen.id, { stock: 1 }));
    await confirmAndSettle();
    expect(await orderOf(order.id)).toMatchObject({ status: 'completed', stockTaken: [1] });
    expect(await productOf(pen)).toMatchObject({ stock: 0, reservedStock: 0 });

    successOf(await refundOrder(world.deps, order.id));
    await confirmAndSettle();

    expect(await orderOf(order.id)).toMatchObject({ status: 'refunded', stockRestored: [1] });
    expect(await productOf(pen)).toMatchObject({ stock: 1, reservedStock: 0 });
  });

  it('a refund of an order completed by override before its payment confirmed restores nothing (that payment took nothing)', async () => {
    const { world, buyer, pen, placeAndPay, override, orderOf, productOf, confirmAndSettle } = await shop();
    const { order } = await placeAndPay(buyer, [[pen, 2]]);
    const total = 2 * 5 * TRX + NETWORK_FEE_SUN;
    successOf(await override(order.id, 'completed'));
    await confirmAndSettle();
    expect(await orderOf(order.id)).toMatchObject({ stockTaken: [null], payment: { state: 'confirmed' } });

    const refund = successOf(await refundOrder(world.deps, order.id)).transaction;
    expect(refund.amountSun).toBe(total);
    await confirmAndSettle();

    expect(await orderOf(order.id)).toMatchObject({
      status: 'refunded',
      refunds: [expect.objectContaining({ state: 'confirmed' })],
      stockRestored: [0],
      refundEffect: 'applied',
    });
    expect(await productOf(pen)).toMatchObject({ stock: 10, reservedStock: 0 });
    expect(await world.balanceOf(buyer.wallet.address)).toBe(100 * TRX);
    expect(await world.frames()).toEqual([transferEvent(world, buyer.id, 'order:refunded', refund)]);
  });

  it('a refund that expires unsent leaves the order completed with its stock, frees the merchant’s hold, tells the buyer, and can be sent again', async () => {
    const {
      world,
      merchant,
      buyer,
      pen,
      placeAndPay,
      orderOf,
      txOf,
      productOf,
      heldOn,
      expire,
      confirmAndSettle,
    } = await shop();
    const { order } = await placeAndPay(buyer, [[pen, 2]]);
    await confirmAndSettle();
    world.controls.inject('drop');
    const refund = successOf(await refundOrder(world.deps, order.id)).transaction;
    await expire(refund);

    const report = await runSettlement(world.deps);

    expect(report.outcomes).toEqual({ ...NOTHING_SETTLED, failed: 1 });
    expect(await txOf(refund.id)).toMatchObject({ status: 'failed', effectApplied: true });
    expect(await orderOf(order.id)).toMatchObject({
      status: 'completed',
      refunds: [expect.objectContaining({ state: 'failed' })],
      refundClaimedSun: 0,
      stockTaken: [2],
      stockRestored: [null],
      refundEffect: null,
    });
    expect(await productOf(pen)).toMatchObject({ stock: 8, reservedStock: 0 });
    expect(await heldOn(merchant)).toBe(0);
    expect((await world.frames()).at(-1)).toEqual(
      transferEvent(world, buyer.id, 'transaction:failed', refund),
    );

    successOf(await refundOrder(world.deps, order.id));
    await confirmAndSettle();
    expect(await orderOf(order.id)).toMatchObject({ status: 'refunded', stockRestored: [2] });
  });
});

describe('settling a withdrawal', () => {
  const sendTo = async (world: DomainWorld, user: User, toAddress: string, amount: number) =>
    successOf(
      await withdraw({ ...world.deps, totp: noTotp }, user, {
        toAddress,
        amount,
        twoFactorCode: null,
        idempotencyKey: null,
      }),
    );

  it('confirms a withdrawal: only the transfer settles (no order), the wallet hold is released, the owner hears of it', async () => {
    const { world, buyer, pen, place, orderOf, heldOn, confirmAndSettle, marker } = await shop();
    const open = await place(buyer, [[pen, 1]]);
    const recipient = (await world.chain.createWallet()).address;
    const tx = await sendTo(world, buyer, recipient, 10);
    // A new account: the withdrawal pays its creation fee on top.
    expect(await heldOn(buyer)).toBe(10 * TRX + NEW_ACCOUNT_FEE_SUN);

    const later = await marker();
    const report = await confirmAndSettle();

    await later.proven();
    expect(report.outcomes).toEqual({ ...NOTHING_SETTLED, confirmed: 2 });
    expect(await world.store.transactions.findById(tx.id)).toMatchObject({
      type: 'withdrawal',
      orderId: null,
      status: 'confirmed',
      confirmations: CONFIRMATIONS,
      feeSun: NEW_ACCOUNT_FEE_SUN,
      effectApplied: true,
    });
    expect(await world.store.withdrawals.find(buyer.id, tx.id)).toMatchObject({
      claim: { state: 'confirmed' },
    });
    expect(await orderOf(open.id)).toEqual(open);
    expect(await heldOn(buyer)).toBe(0);
    expect(await world.balanceOf(buyer.wallet.address)).toBe(100 * TRX - 10 * TRX - NEW_ACCOUNT_FEE_SUN);
    expect(await world.balanceOf(recipient)).toBe(10 * TRX);
    expect((await world.frames()).filter(({ userId }) => userId === buyer.id)).toEqual([
      {
        userId: buyer.id,
        event: {
          event: 'transaction:confirmed',
          data: {
            orderId: null,
            txHash: tx.transactionHash,
            message: 'Withdrawal confirmed',
            timestamp: expect.any(String),
          },
        },
      },
    ]);
  });

  it('fails an expired withdrawal: transaction failed, hold released, "transaction:failed" with orderId null', async () => {
    const { world, buyer, heldOn, expire } = await shop();
    const recipient = (await world.chain.createWallet()).address;
    world.controls.fund(recipient, TRX);
    world.controls.inject('drop');
    const tx = await sendTo(world, buyer, recipient, 5);
    await expire(tx);

    const report = await runSettlement(world.deps);

    expect(report.outcomes).toEqual({ ...NOTHING_SETTLED, failed: 1 });
    expect(await world.store.transactions.findById(tx.id)).toMatchObject({
      status: 'failed',
      effectApplied: true,
    });
    expect(await world.store.withdrawals.find(buyer.id, tx.id)).toMatchObject({ claim: { state: 'failed' } });
    expect(await heldOn(buyer)).toBe(0);
    expect(await world.balanceOf(buyer.wallet.address)).toBe(100 * TRX);
    expect(await world.balanceOf(recipient)).toBe(TRX);
    expect(await world.frames()).toEqual([transferEvent(world, buyer.id, 'transaction:failed', tx)]);
    expect((await world.frames())[0]?.event.data).toMatchObject({ orderId: null });
  });
});

describe('claims a crash left without a transaction record', () => {
  const crashing = (store: ShopStore, step: 'record' | 'mark-recorded'): Partial<ShopStore> =>
    step === 'record'
      ? { transactions: { ...store.transactions, insert: async () => Promise.reject(new Crash('record')) } }
      : {
          orders: {
            ...store.orders,
            markClaimRecorded: async () => Promise.reject(new Crash('mark recorded')),
          },
        };

  for (const step of ['record', 'mark-recorded'] as const) {
    it(`a purchase claimed but not recorded (crash at ${step}) is recorded by the run and settles exactly once`, async () => {
      const { world, merchant, buyer, pen, place, orderOf, productOf, heldOn, confirmAndSettle } =
        await shop();
      const order = await place(buyer, [[pen, 2]]);
      const total = 2 * 5 * TRX + NETWORK_FEE_SUN;
      await expect(
        payOrder(withStore(world, crashing(world.store, step)), buyer.id, order.id),
      ).rejects.toBeInstanceOf(Crash);
      const claim = (await orderOf(order.id))?.payment;
      expect(claim).toMatchObject({ state: 'pending', recorded: false });
      const linesOf = async () =>
        (await world.store.transactions.listByUser(buyer.id, {}, { limit: 100, page: 1 })).items;

      world.advance(1_000);
      const recovery = await runSettlement(world.deps);

      expect(recovery.recoveredClaims).toBe(1);
      // Recorded, then re-broadcast in the same run: the crash came before any broadcast.
      expect(recovery.outcomes).toEqual({ ...NOTHING_SETTLED, rebroadcast: 1 });
      expect(await linesOf()).toEqual([
        expect.objectContaining({
          type: 'purchase',
          orderId: order.id,
          amountSun: total,
          transactionHash: claim?.txId,
          status: 'pending',
        }),
      ]);
      expect(await orderOf(order.id)).toMatchObject({ payment: { recorded: true } });

      const settled = await confirmAndSettle();
      const again = await confirmAndSettle();

      expect(settled.outcomes).toEqual({ ...NOTHING_SETTLED, confirmed: 1 });
      expect(again).toMatchObject({ recoveredClaims: 0, outcomes: NOTHING_SETTLED });
      expect(await linesOf()).toEqual([expect.objectContaining({ status: 'confirmed' })]);
      expect(await orderOf(order.id)).toMatchObject({ status: 'completed', stockTaken: [2] });
      expect(await productOf(pen)).toMatchObject({ stock: 8, reservedStock: 0 });
      expect(await heldOn(buyer)).toBe(0);
      expect(await world.balanceOf(merchant.wallet.address)).toBe(100 * TRX + total);
      expect((await world.frames()).map(({ event }) => event.event)).toEqual(['transaction:confirmed']);
    });
  }

  it('a refund claimed but not recorded is recorded by the run and refunds exactly once', async () => {
    const { world, merchant, buyer, pen, placeAndPay, orderOf, productOf, confirmAndSettle } = await shop();
    const { order } = await placeAndPay(buyer, [[pen, 2]]);
    await confirmAndSettle();
    await expect(
      refundOrder(withStore(world, crashing(world.store, 'record')), order.id),
    ).rejects.toBeInstanceOf(Crash);

    const recovery = await confirmAndSettle();
    await confirmAndSettle();
    await confirmAndSettle();

    expect(recovery.recoveredClaims).toBe(1);
    const refunds = (
      await world.store.transactions.listByUser(buyer.id, { type: 'refund' }, { limit: 100, page: 1 })
    ).items;
    expect(refunds).toEqual([expect.objectContaining({ status: 'confirmed', orderId: order.id })]);
    expect(await orderOf(order.id)).toMatchObject({ status: 'refunded', stockRestored: [2] });
    expect(await productOf(pen)).toMatchObject({ stock: 10, reservedStock: 0 });
    expect(await world.balanceOf(buyer.wallet.address)).toBe(100 * TRX);
    expect(await world.balanceOf(merchant.wallet.address)).toBe(100 * TRX);
    expect((await world.frames()).map(({ event }) => event.event)).toEqual([
      'transaction:confirmed',
      'order:refunded',
    ]);
  });

  it('a withdrawal claimed but not recorded is recorded under the withdrawal’s id and sent exactly once', async () => {
    const { world, buyer, heldOn, confirmAndSettle } = await shop();
    const recipient = (await world.chain.createWallet()).address;
    world.controls.fund(recipient, TRX);
    const deps = { ...withStore(world, crashing(world.store, 'record')), totp: noTotp };
    await expect(
      withdraw(deps, buyer, { toAddress: recipient, amount: 7, twoFactorCode: null, idempotencyKey: 'w-1' }),
    ).rejects.toBeInstanceOf(Crash);
    const claimed = await world.store.withdrawals.find(buyer.id, 'POST /api/wallets/send w-1');
    expect(claimed).toMatchObject({ claim: { recorded: false, state: 'pending' } });

    const recovery = await confirmAndSettle();
    const settled = await confirmAndSettle();
    await confirmAndSettle();

    expect(recovery).toMatchObject({ recoveredClaims: 1, outcomes: { ...NOTHING_SETTLED, rebroadcast: 1 } });
    expect(settled.outcomes).toEqual({ ...NOTHING_SETTLED, confirmed: 1 });
    expect(await world.store.transactions.findById(claimed?.id ?? '')).toMatchObject({
      type: 'withdrawal',
      orderId: null,
      amountSun: 7 * TRX,
      transactionHash: claimed?.claim.txId,
      status: 'confirmed',
    });
    expect(await heldOn(buyer)).toBe(0);
    expect(await world.balanceOf(buyer.wallet.address)).toBe(93 * TRX);
    expect(await world.balanceOf(recipient)).toBe(8 * TRX);
  });
});

describe('effects a crash interrupted', () => {
  /** The order store, failing to record the stock movement of `orderId` only. */
  const failingRecord = (world: DomainWorld, orderId: string) =>
    withStore(world, {
      orders: {
        ...world.store.orders,
        recordStockMovement: async (id, ...rest) =>
          id === orderId
            ? Promise.reject(new Crash('record stock movement'))
            : world.store.orders.recordStockMovement(id, ...rest),
      },
    });

  it('resumes a purchase effect cut between taking the stock and recording it: the stock is taken once, the buyer told once', async () => {
    const { world, buyer, pen, placeAndPay, orderOf, txOf, productOf, heldOn, confirmAndSettle } =
      await shop();
    const { order, tx } = await placeAndPay(buyer, [[pen, 2]]);
    const { logger, lines } = recordingLogger();

    const cut = await confirmAndSettle({ ...failingRecord(world, order.id), logger });

    // The status was settled before the effect began, so the error surfaces as a logged lookup
    // error; the same run's resume step meets the crash again and logs it too.
    expect(cut).toMatchObject({ outcomes: { ...NOTHING_SETTLED, 'lookup-error': 1 }, effectsResumed: 1 });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'warn',
        context: expect.objectContaining({ txHash: tx.transactionHash }),
      }),
      expect.objectContaining({
        level: 'error',
        context: expect.objectContaining({ txHash: tx.transactionHash }),
      }),
    ]);
    expect(await txOf(tx.id)).toMatchObject({ status: 'confirmed', effectApplied: false });
    expect(await orderOf(order.id)).toMatchObject({
      status: 'completed',
      purchaseEffect: 'applying',
      stockTaken: [null],
    });
    expect(await productOf(pen)).toMatchObject({ stock: 8, reservedStock: 0 });
    expect(await heldOn(buyer)).toBe(2 * 5 * TRX + NETWORK_FEE_SUN);
    // Told when the order completed (the status change logs it), not when the stock moved.
    const toldAtCompletion = await world.frames();
    expect(toldAtCompletion).toEqual([transferEvent(world, buyer.id, 'transaction:confirmed', tx)]);

    // Past the grace period: the sweep must not take the order's hold from an effect in progress.
    world.advance(GRACE_MS + 60_000);
    const resumed = await runSettlement(world.deps);
    const again = await runSettlement(world.deps);

    expect(resumed).toMatchObject({ outcomes: NOTHING_SETTLED, effectsResumed: 1 });
    expect(again).toMatchObject({ outcomes: NOTHING_SETTLED, effectsResumed: 0 });
    expect(await txOf(tx.id)).toMatchObject({ status: 'confirmed', effectApplied: true });
    expect(await orderOf(order.id)).toMatchObject({ purchaseEffect: 'applied', stockTaken: [2] });
    expect(await productOf(pen)).toMatchObject({ stock: 8, reservedStock: 0 });
    expect(await heldOn(buyer)).toBe(0);
    expect(await world.frames()).toEqual(toldAtCompletion);
  });

  it('an effect that fails again while resumed is logged and does not stop the rest of the run', async () => {
    const { world, buyer, pen, ink, placeAndPay, orderOf, productOf, confirmAndSettle } = await shop();
    const other = await world.walletUser(100);
    const stuck = await placeAndPay(buyer, [[pen, 2]]);
    await confirmAndSettle(failingRecord(world, stuck.order.id));
    const next = await placeAndPay(other, [[ink, 1]]);
    const { logger, lines } = recordingLogger();

    const report = await confirmAndSettle({ ...failingRecord(world, stuck.order.id), logger });

    expect(report).toMatchObject({ outcomes: { ...NOTHING_SETTLED, confirmed: 1 }, effectsResumed: 1 });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'error',
        context: expect.objectContaining({ txHash: stuck.tx.transactionHash }),
      }),
    ]);
    expect(await orderOf(next.order.id)).toMatchObject({ status: 'completed', stockTaken: [1] });
    expect(await orderOf(stuck.order.id)).toMatchObject({ purchaseEffect: 'applying', stockTaken: [null] });

    await runSettlement(world.deps);
    expect(await orderOf(stuck.order.id)).toMatchObject({ purchaseEffect: 'applied', stockTaken: [2] });
    expect(await productOf(pen)).toMatchObject({ stock: 8, reservedStock: 0 });
    // The stuck order was told when it completed, before the other one was paid.
    expect((await world.frames()).map(({ userId }) => userId)).toEqual([buyer.id, other.id]);
  });
});

describe('settling the same transaction twice', () => {
  it('a second settlement of a stale pending copy after the confirmation answers confirmed and changes nothing', async () => {
    const { world, buyer, pen, placeAndPay, orderOf, txOf, productOf } = await shop();
    const { order, tx } = await placeAndPay(buyer, [[pen, 2]]);
    world.controls.confirm();
    expect(await settleTransaction(world.deps, tx)).toBe('confirmed');
    const settled = { order: await orderOf(order.id), tx: await txOf(tx.id) };

    world.advance(1_000);
    expect(await settleTransaction(world.deps, tx)).toBe('confirmed');

    expect({ order: await orderOf(order.id), tx: await txOf(tx.id) }).toEqual(settled);
    expect(await productOf(pen)).toMatchObject({ stock: 8, reservedStock: 0 });
    expect(await world.frames()).toHaveLength(1);
  });

  it('re-applying a settled purchase’s effect (a second listener) takes no stock and tells no one', async () => {
    const { world, buyer, pen, placeAndPay, orderOf, txOf, productOf, heldOn, confirmAndSettle } =
      await shop();
    const { order, tx } = await placeAndPay(buyer, [[pen, 2]]);
    await confirmAndSettle();
    const confirmed = await txOf(tx.id);
    const completed = await orderOf(order.id);
    if (!confirmed) throw new Error('no transaction');

    await applyTransferEffect(world.deps, confirmed);

    expect(await orderOf(order.id)).toEqual(completed);
    expect(await productOf(pen)).toMatchObject({ stock: 8, reservedStock: 0 });
    expect(await heldOn(buyer)).toBe(0);
    expect(await world.frames()).toHaveLength(1);
  });

  it('failing an expired purchase twice tells the buyer once', async () => {
    const { world, buyer, pen, lostPurchase, orderOf, productOf, expire } = await shop();
    const { order, tx } = await lostPurchase(buyer, [[pen, 2]]);
    await expire(tx);

    expect(await settleTransaction(world.deps, tx)).toBe('failed');
    world.advance(1_000);
    expect(await settleTransaction(world.deps, tx)).toBe('failed');

    expect(await orderOf(order.id)).toMatchObject({ status: 'failed', payment: { state: 'failed' } });
    expect(await productOf(pen)).toMatchObject({ stock: 10, reservedStock: 0 });
    expect((await world.frames()).map(({ event }) => event.event)).toEqual(['transaction:failed']);
  });

  it('applyTransferEffect of a still-pending transaction does nothing', async () => {
    const { world, buyer, pen, placeAndPay, orderOf, txOf, productOf, heldOn } = await shop();
    const { order, tx } = await placeAndPay(buyer, [[pen, 2]]);
    const before = { order: await orderOf(order.id), tx: await txOf(tx.id) };

    await applyTransferEffect(world.deps, tx);

    expect({ order: await orderOf(order.id), tx: await txOf(tx.id) }).toEqual(before);
    expect(await productOf(pen)).toMatchObject({ stock: 10, reservedStock: 2 });
    expect(await heldOn(buyer)).toBe(2 * 5 * TRX + NETWORK_FEE_SUN);
    expect(await world.frames()).toEqual([]);
  });
});

describe('stranded reservations', () => {
  const crashAtClaim = (world: DomainWorld) =>
    withStore(world, {
      orders: { ...world.store.orders, claimTransfer: async () => Promise.reject(new Crash('claim')) },
    });

  it('releases a never-claimed stock and wallet hold older than 2 minutes and keeps a younger one', async () => {
    const { world, pen, ink, place, orderOf, productOf, heldOn, confirmAndSettle } = await shop();
    const [early, late] = [await world.walletUser(100), await world.walletUser(100)];
    const earlyOrder = await place(early, [
      [pen, 2],
      [ink, 1],
    ]);
    const lateOrder = await place(late, [[pen, 3]]);
    await expect(payOrder(crashAtClaim(world), early.id, earlyOrder.id)).rejects.toBeInstanceOf(Crash);
    world.advance(60_000);
    await expect(payOrder(crashAtClaim(world), late.id, lateOrder.id)).rejects.toBeInstanceOf(Crash);
    expect(await productOf(pen)).toMatchObject({ reservedStock: 5 });

    // The early hold is 1 ms short of 2 minutes old: kept.
    world.advance(GRACE_MS - 60_000 - 1);
    const young = await runSettlement(world.deps);
    expect(young.releasedReservations).toEqual({ stock: 0, outgoing: 0 });
    expect(await productOf(pen)).toMatchObject({ stock: 10, reservedStock: 5 });
    expect(await productOf(ink)).toMatchObject({ stock: 4, reservedStock: 1 });
    expect(await heldOn(early)).toBe(2 * 5 * TRX + 2 * TRX + NETWORK_FEE_SUN);

    // Now 1 ms past 2 minutes; the late hold is 1 minute old.
    world.advance(2);
    const swept = await runSettlement(world.deps);
    expect(swept.releasedReservations).toEqual({ stock: 2, outgoing: 1 });
    expect(await productOf(pen)).toMatchObject({ stock: 10, reservedStock: 3 });
    expect(await productOf(ink)).toMatchObject({ stock: 4, reservedStock: 0 });
    expect(await heldOn(early)).toBe(0);
    expect(await heldOn(late)).toBe(3 * 5 * TRX + NETWORK_FEE_SUN);
    expect(await orderOf(earlyOrder.id)).toMatchObject({ status: 'pending', payment: null });

    world.advance(60_000);
    expect((await runSettlement(world.deps)).releasedReservations).toEqual({ stock: 1, outgoing: 1 });
    expect(await productOf(pen)).toMatchObject({ stock: 10, reservedStock: 0 });
    expect(await heldOn(late)).toBe(0);

    // Nothing was lost: the owner pays again and it settles.
    successOf(await payOrder(world.deps, early.id, earlyOrder.id));
    await confirmAndSettle();
    expect(await orderOf(earlyOrder.id)).toMatchObject({ status: 'completed', stockTaken: [2, 1] });
  });

  it('keeps an old hold whose transfer is still in flight', async () => {
    const { world, buyer, pen, lostPurchase, productOf, heldOn } = await shop();
    await lostPurchase(buyer, [[pen, 2]]);
    world.advance(10 * 60 * 1000);

    const report = await runSettlement(world.deps);

    expect(report.releasedReservations).toEqual({ stock: 0, outgoing: 0 });
    expect(await productOf(pen)).toMatchObject({ reservedStock: 2 });
    expect(await heldOn(buyer)).toBe(2 * 5 * TRX + NETWORK_FEE_SUN);
  });

  it('keeps and logs an old wallet hold whose key names no transfer', async () => {
    const { world, buyer, heldOn } = await shop();
    expect(
      await world.store.walletReservations.reserve(
        {
          address: buyer.wallet.address ?? '',
          key: 'mystery',
          amountSun: TRX,
          reservedAt: world.deps.clock.now(),
        },
        100 * TRX,
      ),
    ).toBe(true);
    world.advance(GRACE_MS + 1);
    const { logger, lines } = recordingLogger();

    const report = await runSettlement({ ...world.deps, logger });

    expect(report.releasedReservations).toEqual({ stock: 0, outgoing: 0 });
    expect(await heldOn(buyer)).toBe(TRX);
    expect(lines).toEqual([
      expect.objectContaining({ level: 'warn', context: expect.objectContaining({ key: 'mystery' }) }),
    ]);
  });
});
