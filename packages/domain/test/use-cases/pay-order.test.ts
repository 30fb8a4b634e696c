import {
  cancelOrder,
  createOrder,
  type Logger,
  payOrder,
  runSettlement,
  type ShopStore,
} from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { Crash, createDomainWorld, TRX, withStore } from '../support/domain-world.js';

/*
 * payOrder over the in-memory twins: every branch, each error code, the reservations, and the
 * crash points of the exactly-once transfer (sign, claim, record, broadcast) followed by a
 * settlement run. Expected values come from docs/api.md ("Payments", "Money safety rules").
 */

const scene = async (
  options: { buyerTrx?: number; stock?: number; priceTrx?: number; quantity?: number } = {},
) => {
  const world = createDomainWorld();
  const merchant = await world.merchant();
  const buyer = await world.walletUser(options.buyerTrx ?? 100);
  const product = await world.product({
    stock: options.stock ?? 10,
    priceSun: (options.priceTrx ?? 5) * TRX,
  });
  const created = await createOrder(world.deps, buyer.id, [
    { productId: product.id, quantity: options.quantity ?? 1 },
  ]);
  if (!created.ok) throw new Error(created.error.code);
  return { world, merchant, buyer, product, order: created.value };
};

const settle = async (world: ReturnType<typeof createDomainWorld>) => {
  world.controls.confirm();
  return runSettlement(world.deps);
};

describe('payOrder', () => {
  it('sends |total| once, holds the stock and the amount until confirmation, then completes the order', async () => {
    const { world, merchant, buyer, product, order } = await scene({ quantity: 2 });
    const merchantBefore = await world.balanceOf(merchant.wallet.address);

    const paid = await payOrder(world.deps, buyer.id, order.id);

    expect(paid.ok).toBe(true);
    if (!paid.ok) return;
    expect(paid.value.transaction).toMatchObject({
      type: 'purchase',
      status: 'pending',
      amountSun: 9_990_000,
    });
    expect(paid.value.order.payment).toMatchObject({
      state: 'pending',
      recorded: true,
      amountSun: 9_990_000,
    });
    expect((await world.store.products.findById(product.id))?.reservedStock).toBe(2);
    expect(await world.store.walletReservations.reservedSun(buyer.wallet.address ?? '')).toBe(9_990_000);

    await settle(world);

    expect(await world.balanceOf(merchant.wallet.address)).toBe(merchantBefore + 9_990_000);
    expect(await world.store.orders.findById(order.id)).toMatchObject({
      status: 'completed',
      stockTaken: [2],
    });
    expect(await world.store.products.findById(product.id)).toMatchObject({ stock: 8, reservedStock: 0 });
    expect(await world.store.walletReservations.reservedSun(buyer.wallet.address ?? '')).toBe(0);
    expect((await world.frames()).map(({ userId, event }) => [userId, event.event])).toEqual([
      [buyer.id, 'transaction:confirmed'],
    ]);
  });

  it('answers ORDER_NOT_FOUND, NOT_ORDER_OWNER, ORDER_NOT_PENDING and PAYMENT_IN_PROGRESS in that order', async () => {
    const { world, buyer, order } = await scene();
    const stranger = await world.walletUser(100);
    const codeOf = async (userId: string, orderId: string) => {
      const answer = await payOrder(world.deps, userId, orderId);
      return answer.ok ? 'ok' : answer.error.code;
    };
    expect(await codeOf(buyer.id, 'ffffffffffffffffffffffff')).toBe('ORDER_NOT_FOUND');
    expect(await codeOf(stranger.id, order.id)).toBe('NOT_ORDER_OWNER');
    expect(await codeOf(buyer.id, order.id)).toBe('ok');
    expect(await codeOf(buyer.id, order.id)).toBe('PAYMENT_IN_PROGRESS');

    const other = await scene();
    expect((await cancelOrder(other.world.deps, other.buyer.id, other.order.id)).ok).toBe(true);
    expect(await payOrder(other.world.deps, other.buyer.id, other.order.id)).toMatchObject({
      ok: false,
      error: { code: 'ORDER_NOT_PENDING' },
    });
  });

  it('answers NO_WALLET for an owner without a custodial key', async () => {
    const { world, buyer, order } = await scene();
    const keyless = { ...buyer, wallet: { ...buyer.wallet, encryptedPrivateKey: null } };
    const deps = withStore(world, { users: { ...world.store.users, findById: async () => keyless } });
    expect(await payOrder(deps, buyer.id, order.id)).toMatchObject({
      ok: false,
      error: { code: 'NO_WALLET' },
    });
  });

  it('answers INSUFFICIENT_STOCK when other payments hold the units, signing nothing', async () => {
    const world = createDomainWorld();
    await world.merchant();
    const product = await world.product({ stock: 1, priceSun: 5 * TRX });
    const [first, second] = [await world.walletUser(100), await world.walletUser(100)];
    const orders = [];
    for (const buyer of [first, second]) {
      const created = await createOrder(world.deps, buyer.id, [{ productId: product.id, quantity: 1 }]);
      if (!created.ok) throw new Error(created.error.code);
      orders.push(created.value);
    }
    expect((await payOrder(world.deps, first.id, orders[0]?.id ?? '')).ok).toBe(true);
    const refused = await payOrder(world.deps, second.id, orders[1]?.id ?? '');
    expect(refused).toMatchObject({ ok: false, error: { code: 'INSUFFICIENT_STOCK' } });
    expect((await world.store.orders.findById(orders[1]?.id ?? ''))?.payment).toBeNull();
    expect(await world.store.walletReservations.reservedSun(second.wallet.address ?? '')).toBe(0);
  });

  it('answers INSUFFICIENT_BALANCE with userBalance, requiredAmount and estimatedFee, and gives the stock back', async () => {
    const { world, buyer, product, order } = await scene({ buyerTrx: 3, priceTrx: 5 });
    const refused = await payOrder(world.deps, buyer.id, order.id);
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'INSUFFICIENT_BALANCE',
        data: { userBalance: 3, requiredAmount: 4.99, estimatedFee: 0 },
      },
    });
    expect((await world.store.products.findById(product.id))?.reservedStock).toBe(0);
    expect((await world.store.orders.findById(order.id))?.payment).toBeNull();
  });

  it('answers PAYMENT_FAILED when the chain rejects: the order fails, the holds are released, the owner is told', async () => {
    const { world, buyer, product, order } = await scene();
    world.controls.inject('reject');
    const failed = await payOrder(world.deps, buyer.id, order.id);
    expect(failed).toMatchObject({
      ok: false,
      error: { code: 'PAYMENT_FAILED', data: { reason: 'BROADCAST_REJECTED' } },
    });
    expect((await world.store.orders.findById(order.id))?.status).toBe('failed');
    expect((await world.store.products.findById(product.id))?.reservedStock).toBe(0);
    expect(await world.store.walletReservations.reservedSun(buyer.wallet.address ?? '')).toBe(0);
    expect((await world.frames()).map(({ event }) => event.event)).toEqual(['transaction:failed']);
  });

  it('gives the chain’s stable reason, never the node’s words, which go to the log with the txID', async () => {
    const { world, buyer, order } = await scene();
    const logged: { context: Record<string, unknown>; message: string }[] = [];
    const warn = (context: Record<string, unknown>, message: string) =>
      void logged.push({ context, message });
    const logger: Logger = { debug: () => {}, info: () => {}, warn, error: () => {} };
    world.controls.inject('reject');

    const failed = await payOrder({ ...world.deps, logger }, buyer.id, order.id);

    if (failed.ok) throw new Error('the payment went through');
    expect(failed.error.data).toEqual({ reason: 'BROADCAST_REJECTED' });
    expect(failed.error.message).toBe('Transaction failed: the network rejected the transfer');
    const txId = (await world.store.orders.findById(order.id))?.payment?.txId ?? '';
    expect(await world.store.transactions.findByHash(txId)).toMatchObject({
      status: 'failed',
      failureReason: 'BROADCAST_REJECTED',
    });
    expect((await world.frames()).map(({ event }) => event.data)).toEqual([
      expect.objectContaining({ message: 'Transaction failed: the network rejected the transfer' }),
    ]);
    expect(logged).toEqual([
      {
        message: 'the node rejected a transfer',
        context: {
          txHash: txId,
          code: 'OTHER_ERROR',
          reason: 'devnet fault: rejected',
          failure: 'BROADCAST_REJECTED',
        },
      },
    ]);
  });
});

describe('payOrder crashing between the steps of the exactly-once transfer', () => {
  const crashAt = (store: ShopStore, step: 'claim' | 'record' | 'broadcast-after'): Partial<ShopStore> => {
    if (step === 'claim') {
      return { orders: { ...store.orders, claimTransfer: async () => Promise.reject(new Crash('claim')) } };
    }
    if (step === 'record') {
      return {
        transactions: { ...store.transactions, insert: async () => Promise.reject(new Crash('record')) },
      };
    }
    return {};
  };

  for (const step of ['claim', 'record'] as const) {
    it(`crash at ${step}: a settlement run leaves exactly one transfer or none, and nothing is lost`, async () => {
      const { world, merchant, buyer, order } = await scene();
      const merchantBefore = await world.balanceOf(merchant.wallet.address);
      await expect(
        payOrder(withStore(world, crashAt(world.store, step)), buyer.id, order.id),
      ).rejects.toBeInstanceOf(Crash);

      await settle(world);
      await settle(world);

      const stored = await world.store.orders.findById(order.id);
      if (step === 'claim') {
        // Nothing was claimed: nothing was sent, and the owner can pay again.
        expect(await world.balanceOf(merchant.wallet.address)).toBe(merchantBefore);
        expect(stored?.payment).toBeNull();
        expect((await payOrder(world.deps, buyer.id, order.id)).ok).toBe(true);
        await settle(world);
      }
      expect(await world.balanceOf(merchant.wallet.address)).toBe(merchantBefore + 4_990_000);
      expect((await world.store.orders.findById(order.id))?.status).toBe('completed');
    });
  }

  it('crash right after the broadcast: the settlement confirms the one transfer', async () => {
    const { world, merchant, buyer, order } = await scene();
    const merchantBefore = await world.balanceOf(merchant.wallet.address);
    const chain = {
      ...world.chain,
      broadcast: async (signed: string) => {
        await world.chain.broadcast(signed);
        throw new Crash('after broadcast');
      },
    };
    await expect(payOrder({ ...world.deps, chain }, buyer.id, order.id)).rejects.toBeInstanceOf(Crash);
    await settle(world);
    await settle(world);
    expect(await world.balanceOf(merchant.wallet.address)).toBe(merchantBefore + 4_990_000);
    expect((await world.store.orders.findById(order.id))?.status).toBe('completed');
  });

  it('crash before the broadcast: the settlement re-broadcasts the stored copy, once', async () => {
    const { world, merchant, buyer, order } = await scene();
    const merchantBefore = await world.balanceOf(merchant.wallet.address);
    const chain = { ...world.chain, broadcast: async () => Promise.reject(new Crash('before broadcast')) };
    await expect(payOrder({ ...world.deps, chain }, buyer.id, order.id)).rejects.toBeInstanceOf(Crash);
    await runSettlement(world.deps);
    await settle(world);
    await settle(world);
    expect(await world.balanceOf(merchant.wallet.address)).toBe(merchantBefore + 4_990_000);
    expect((await world.store.orders.findById(order.id))?.status).toBe('completed');
  });
});
