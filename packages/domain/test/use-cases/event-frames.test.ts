import {
  ADMIN_ROOM_EVENT_TYPES,
  adminFrameOf,
  NO_SUBJECTS,
  payOrder,
  refundOrder,
  runSettlement,
  SHOP_EVENT_TYPES,
  scanDeposits,
  webhookBody,
  withdraw,
} from '@trx-shop/domain';
import { buildShopEvent, newObjectId } from '@trx-shop/store-contract';
import { describe, expect, it } from 'vitest';
import { TRX } from '../support/domain-world.js';
import { shop } from '../support/shop-world.js';

/*
 * Frames delivered from the event log (docs/api.md, "Real-time events") keep the names, rooms and
 * payloads clients know, each once.
 */

const noTotp = { newSecret: () => '', keyUri: () => '', matchingStep: () => null };

describe('frames from the log', () => {
  it('are the specified frames through payment, partial refunds, the final refund and failures', async () => {
    const { world, buyer, settle, order } = await shop();
    const placed = await order(2);
    expect((await payOrder(world.deps, buyer.id, placed.id)).ok).toBe(true);
    await settle();
    world.advance(1_000);
    expect((await refundOrder(world.deps, placed.id, { amountSun: TRX })).ok).toBe(true);
    await settle();
    world.advance(1_000);
    world.controls.inject('reject');
    expect((await refundOrder(world.deps, placed.id, { amountSun: TRX })).ok).toBe(false);
    world.advance(1_000);
    expect((await refundOrder(world.deps, placed.id)).ok).toBe(true);
    await settle();
    world.advance(1_000);
    const rejected = await order(1);
    world.controls.inject('reject');
    expect((await payOrder(world.deps, buyer.id, rejected.id)).ok).toBe(false);
    world.advance(1_000);
    world.controls.inject('reject');
    const withdrawal = await withdraw({ ...world.deps, totp: noTotp }, buyer, {
      toAddress: (await world.chain.createWallet()).address,
      amount: 1,
      twoFactorCode: null,
      idempotencyKey: null,
    });
    expect(withdrawal.ok).toBe(false);

    const lines = (await world.store.transactions.listByUser(buyer.id, {}, { limit: 100, page: 1 })).items;
    const hashOf = (type: string, status: string, orderId: string | null) =>
      lines
        .filter((line) => line.type === type && line.status === status && line.orderId === orderId)
        .map((line) => line.transactionHash);
    const [refundedPart, refundedRest] = hashOf('refund', 'confirmed', placed.id).reverse();
    const frame = (event: string, orderId: string | null, txHash: string | undefined, message: string) => ({
      userId: buyer.id,
      event: { event, data: { orderId, txHash, message, timestamp: expect.any(String) } },
    });
    expect(await world.frames()).toEqual([
      frame(
        'transaction:confirmed',
        placed.id,
        hashOf('purchase', 'confirmed', placed.id)[0],
        'Payment confirmed; your order is completed',
      ),
      frame('transaction:confirmed', placed.id, refundedPart, 'Partial refund confirmed'),
      frame(
        'transaction:failed',
        placed.id,
        hashOf('refund', 'failed', placed.id)[0],
        expect.stringMatching(/^Transaction failed: /),
      ),
      frame('order:refunded', placed.id, refundedRest, 'Refund confirmed; your order is refunded'),
      frame(
        'transaction:failed',
        rejected.id,
        hashOf('purchase', 'failed', rejected.id)[0],
        expect.stringMatching(/^Transaction failed: /),
      ),
      frame(
        'transaction:failed',
        null,
        hashOf('withdrawal', 'failed', null)[0],
        expect.stringMatching(/^Transaction failed: /),
      ),
    ]);
  });

  it('are one transaction:confirmed frame, with no order, when a withdrawal confirms', async () => {
    const { world, buyer, settle } = await shop();
    const sent = await withdraw({ ...world.deps, totp: noTotp }, buyer, {
      toAddress: (await world.chain.createWallet()).address,
      amount: 1,
      twoFactorCode: null,
      idempotencyKey: null,
    });
    expect(sent.ok).toBe(true);
    await settle();

    const [withdrawal] = (
      await world.store.transactions.listByUser(buyer.id, { type: 'withdrawal' }, { limit: 100, page: 1 })
    ).items;
    expect(withdrawal?.status).toBe('confirmed');
    expect(await world.frames()).toEqual([
      {
        userId: buyer.id,
        event: {
          event: 'transaction:confirmed',
          data: {
            orderId: null,
            txHash: withdrawal?.transactionHash,
            message: 'Withdrawal confirmed',
            timestamp: expect.any(String),
          },
        },
      },
    ]);
  });

  it('are one wallet:deposit frame per deposit, once however often the blocks are scanned', async () => {
    const { world, buyer } = await shop();
    await scanDeposits(world.deps, { maxBlocks: 100, startBlock: null });
    world.controls.fund(buyer.wallet.address ?? '', 2_500_000);
    await scanDeposits(world.deps, { maxBlocks: 100, startBlock: null });
    await runSettlement(world.deps);
    const [deposit] = (await world.store.transactions.listByUser(buyer.id, {}, { limit: 100, page: 1 }))
      .items;
    expect(await world.frames()).toEqual([
      {
        userId: buyer.id,
        event: {
          event: 'wallet:deposit',
          data: {
            transactionId: deposit?.id,
            txHash: deposit?.transactionHash,
            amount: 2.5,
            from: deposit?.fromAddress,
            blockNumber: deposit?.blockNumber,
          },
        },
      },
    ]);
  });
});

describe('the admin room', () => {
  // The spec's list (docs/api.md, "Real-time events"), written out rather than derived.
  const CARRIED = [
    'order.created',
    'order.cancelled',
    'order.status_overridden',
    'payment.sent',
    'payment.confirmed',
    'payment.failed',
    'order.completed',
    'refund.sent',
    'refund.confirmed',
    'refund.failed',
    'order.refunded',
    'deposit.received',
    'withdrawal.sent',
    'withdrawal.confirmed',
    'withdrawal.failed',
    'webhook.disabled',
  ];

  it('carries the order, payment, refund, deposit and withdrawal events and webhook.disabled, nothing else', () => {
    const carried = SHOP_EVENT_TYPES.filter((type) => adminFrameOf(buildShopEvent({ type })) !== null);
    expect([...carried].sort()).toEqual([...CARRIED].sort());
    expect([...ADMIN_ROOM_EVENT_TYPES].sort()).toEqual([...CARRIED].sort());
  });

  it('names each frame by its event type, with the data its webhook delivery carries', () => {
    const refund = buildShopEvent({
      type: 'refund.confirmed',
      subjects: {
        ...NO_SUBJECTS,
        userId: newObjectId(),
        orderId: newObjectId(),
        transactionId: newObjectId(),
      },
      payload: {
        txHash: 'ab'.repeat(32),
        amount: '1.000001',
        from: 'TMerchant',
        to: 'TBuyer',
        partial: true,
      },
    });
    const frame = adminFrameOf(refund);
    expect(frame).toEqual({
      event: 'refund.confirmed',
      data: {
        userId: refund.subjects.userId,
        orderId: refund.subjects.orderId,
        transactionId: refund.subjects.transactionId,
        txHash: 'ab'.repeat(32),
        amount: '1.000001',
        from: 'TMerchant',
        to: 'TBuyer',
        partial: true,
      },
    });
    expect(frame?.data).toEqual(JSON.parse(webhookBody({ ...refund, sequence: 3 })).data);
  });
});
