import {
  frameOfEvent,
  payOrder,
  refundOrder,
  relayOutbox,
  runSettlement,
  scanDeposits,
  withdraw,
} from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import type { DomainWorld } from '../support/domain-world.js';
import { TRX } from '../support/domain-world.js';
import { shop } from '../support/shop-world.js';

/*
 * Frames projected from the event log (docs/api.md, "Events" and "Real-time events") are the
 * frames the service sends today, each once: the same names, rooms and payloads, so delivery can
 * move to the log without a client noticing.
 */

const sorted = <T>(items: readonly T[]) => [...items].map((item) => JSON.stringify(item)).sort();

const framesFromLog = async (world: DomainWorld) => {
  await relayOutbox(world.deps);
  return (await world.store.eventLog.readAfter(0, 1_000)).flatMap((event) => {
    const projected = frameOfEvent(event);
    return projected ? [{ userId: projected.userId, event: projected.frame }] : [];
  });
};

const noTotp = { newSecret: () => '', keyUri: () => '', matchingStep: () => null };

describe('frames from the log', () => {
  it('equal today’s frames through payment, partial refunds, the final refund and failures', async () => {
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

    const kinds = world.events.map(({ event }) => event.event);
    expect(kinds).toEqual([
      'transaction:confirmed',
      'transaction:confirmed',
      'transaction:failed',
      'order:refunded',
      'transaction:failed',
      'transaction:failed',
    ]);
    expect(sorted(await framesFromLog(world))).toEqual(sorted(world.events));
  });

  it('equal today’s deposit frames, once however often the blocks are scanned', async () => {
    const { world, buyer } = await shop();
    await scanDeposits(world.deps, { maxBlocks: 100, startBlock: null });
    world.controls.fund(buyer.wallet.address ?? '', 2_500_000);
    await scanDeposits(world.deps, { maxBlocks: 100, startBlock: null });
    await runSettlement(world.deps);
    expect(world.events.map(({ event }) => event.event)).toEqual(['wallet:deposit']);
    expect(sorted(await framesFromLog(world))).toEqual(sorted(world.events));
  });
});
