import {
  archiveProduct,
  createProduct,
  relayOutbox,
  runSettlement,
  scanDeposits,
  setCustomerActive,
  updateProduct,
  withdraw,
} from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import { createDomainWorld, type DomainWorld, TRX } from '../support/domain-world.js';

/*
 * The events of ledger lines, withdrawals, customers and products (docs/api.md, "Events"): each
 * written with its record's state change, once, and relayed to the log.
 */

const logged = async (world: DomainWorld) => {
  await relayOutbox(world.deps);
  return world.store.eventLog.readAfter(0, 1_000);
};
const noTotp = { newSecret: () => '', keyUri: () => '', matchingStep: () => null };
const scan = (world: DomainWorld) => scanDeposits(world.deps, { maxBlocks: 100, startBlock: null });

describe('record events', () => {
  it('logs a deposit once however often the blocks are scanned, and a withdrawal sent, confirmed and its fee', async () => {
    const world = createDomainWorld();
    await world.merchant();
    const sender = await world.walletUser(20);
    await scan(world);
    const friend = await world.walletUser(0);
    world.controls.fund(friend.wallet.address ?? '', 3 * TRX);
    await scan(world);
    // The funding's block scanned again (a restart, a second scanner): nothing new to tell.
    const head = await world.chain.solidBlockNumber();
    expect(await world.store.chainCursors.advance('deposits', head, head - 1, world.deps.clock.now())).toBe(
      true,
    );
    await scan(world);
    const outside = await world.chain.createWallet();
    const sent = await withdraw({ ...world.deps, totp: noTotp }, sender, {
      toAddress: outside.address,
      amount: 2,
      twoFactorCode: null,
      idempotencyKey: null,
    });
    if (!sent.ok) throw new Error(sent.error.code);
    world.controls.confirm();
    await runSettlement(world.deps);
    await runSettlement(world.deps);

    const events = await logged(world);
    // The confirmation and its fee happen at one instant; their order in the log is either.
    expect(events.map((event) => event.type).slice(0, 2)).toEqual(['deposit.received', 'withdrawal.sent']);
    expect(
      events
        .map((event) => event.type)
        .slice(2)
        .sort(),
    ).toEqual(['fee.recorded', 'withdrawal.confirmed']);
    expect(events[0]).toMatchObject({
      subjects: { userId: friend.id, orderId: null },
      payload: { amount: '3', to: friend.wallet.address },
    });
    expect(events[1]).toMatchObject({
      subjects: { userId: sender.id, transactionId: sent.value.id },
      payload: { amount: '2', to: outside.address, txHash: sent.value.transactionHash },
    });
    // A new account: the withdrawal burned its creation fee, logged as the sender's.
    expect(events.find((event) => event.type === 'fee.recorded')).toMatchObject({
      subjects: { userId: sender.id },
      payload: { txHash: sent.value.transactionHash, payer: sender.wallet.address },
    });
  });

  it('logs a withdrawal the chain rejected as sent, then failed', async () => {
    const world = createDomainWorld();
    const sender = await world.walletUser(20);
    world.controls.inject('reject');
    const sent = await withdraw({ ...world.deps, totp: noTotp }, sender, {
      toAddress: (await world.chain.createWallet()).address,
      amount: 1,
      twoFactorCode: null,
      idempotencyKey: null,
    });
    expect(sent.ok).toBe(false);
    expect((await logged(world)).map((event) => [event.type, event.payload.amount])).toEqual([
      ['withdrawal.sent', '1'],
      ['withdrawal.failed', '1'],
    ]);
  });

  it('logs a customer blocked and unblocked once each, and a product created, updated and archived', async () => {
    const world = createDomainWorld();
    const admin = await world.merchant();
    const customer = await world.walletUser(0);
    const activity = {
      users: world.store.users,
      sessions: world.store.sessions,
      clock: world.deps.clock,
      ids: world.deps.ids,
    };
    for (const isActive of [false, false, true]) {
      expect((await setCustomerActive(activity, admin.id, customer.id, isActive)).ok).toBe(true);
    }
    const catalogue = { products: world.store.products, clock: world.deps.clock, ids: world.deps.ids };
    const created = await createProduct(catalogue, admin.id, {
      name: 'Mug',
      price: '4.5',
      category: 'physical',
      stock: 3,
    });
    if (!created.ok) throw new Error(created.error.code);
    expect((await updateProduct(catalogue, created.value.id, { price: 5.25 })).ok).toBe(true);
    expect((await archiveProduct(catalogue, created.value.id)).ok).toBe(true);
    expect((await updateProduct(catalogue, 'ffffffffffffffffffffffff', { stock: 1 })).ok).toBe(false);

    const events = await logged(world);
    expect(events.map((event) => [event.type, event.payload])).toEqual([
      ['customer.blocked', { by: admin.id }],
      ['customer.unblocked', { by: admin.id }],
      [
        'product.created',
        { name: 'Mug', price: '4.5', priceUsdt: null, category: 'physical', stock: 3, isActive: true },
      ],
      // The values the change replaced travel with it: the audit trail's "before".
      ['product.updated', { price: '5.25', before: { price: '4.5' } }],
      ['product.archived', { isActive: false, before: { isActive: true } }],
    ]);
    expect(events.slice(2).map((event) => event.subjects.productId)).toEqual([
      created.value.id,
      created.value.id,
      created.value.id,
    ]);
  });
});
