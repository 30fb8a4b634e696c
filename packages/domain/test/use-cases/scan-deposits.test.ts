import {
  createOrder,
  DEPOSIT_CURSOR,
  payOrder,
  refundOrder,
  runSettlement,
  scanDeposits,
  type ScanDepositsOptions,
  withdraw,
} from '@trx-shop/domain';
import { MEMORY_GENESIS_ADDRESS } from '@trx-shop/chain-contract';
import { describe, expect, it } from 'vitest';
import { createDomainWorld, type DomainWorld, TRX } from '../support/domain-world.js';

/*
 * The deposit scanner over the in-memory twins (docs/api.md, "Deposits"): what becomes a deposit
 * and what does not, each recorded once, and the cursor's guarantees (never skip a block, never
 * record twice) through crashes, rescans and two scanners at once.
 */

const FROM_HEAD: ScanDepositsOptions = { maxBlocks: 100, startBlock: null };

const linesOf = async (world: DomainWorld, userId: string) =>
  (await world.store.transactions.listByUser(userId, {}, { limit: 100, page: 1 })).items;
const depositsOf = async (world: DomainWorld, userId: string) =>
  (await linesOf(world, userId)).filter((line) => line.type === 'deposit');
const depositEvents = async (world: DomainWorld) =>
  (await world.frames()).filter(({ event }) => event.event === 'wallet:deposit');

/** A world whose scanner has run once (cursor at the head), and a user with a wallet. */
const scanning = async () => {
  const world = createDomainWorld();
  const user = await world.walletUser(0);
  await scanDeposits(world.deps, FROM_HEAD);
  return { world, user };
};

describe('scanDeposits', () => {
  it('starts at the solidified head on its first run: history is not rescanned', async () => {
    const world = createDomainWorld();
    const funded = await world.walletUser(5);
    const head = await world.chain.solidBlockNumber();
    const report = await scanDeposits(world.deps, FROM_HEAD);
    expect(report).toEqual({ scannedBlocks: 0, depositsRecorded: 0, cursor: head, lagBlocks: 0 });
    expect(await world.store.chainCursors.read(DEPOSIT_CURSOR)).toBe(head);
    expect(await depositsOf(world, funded.id)).toEqual([]);
  });

  it('scans from a configured starting block when there is no cursor yet', async () => {
    const world = createDomainWorld();
    const funded = await world.walletUser(5);
    const report = await scanDeposits(world.deps, { maxBlocks: 100, startBlock: 1 });
    expect(report.depositsRecorded).toBe(1);
    expect((await depositsOf(world, funded.id)).map((line) => line.amountSun)).toEqual([5 * TRX]);
  });

  it('records money arriving from outside as a confirmed deposit, tells its owner once, and a rescan adds nothing', async () => {
    const { world, user } = await scanning();
    world.controls.fund(user.wallet.address ?? '', 12_345_678);
    const head = await world.chain.solidBlockNumber();
    const block = await world.chain.solidBlock(head);

    const report = await scanDeposits(world.deps, FROM_HEAD);

    expect(report).toMatchObject({ scannedBlocks: 1, depositsRecorded: 1, cursor: head, lagBlocks: 0 });
    const [line] = await depositsOf(world, user.id);
    const transfer = block?.transfers[0];
    expect(line).toMatchObject({
      userId: user.id,
      orderId: null,
      type: 'deposit',
      status: 'confirmed',
      amountSun: 12_345_678,
      transactionHash: transfer?.txId,
      fromAddress: MEMORY_GENESIS_ADDRESS,
      toAddress: user.wallet.address,
      blockNumber: head,
      feeSun: null,
      effectApplied: true,
      createdAt: block?.time,
    });
    expect(await depositEvents(world)).toEqual([
      {
        userId: user.id,
        event: {
          event: 'wallet:deposit',
          data: {
            transactionId: line?.id,
            txHash: transfer?.txId,
            amount: 12.345678,
            from: MEMORY_GENESIS_ADDRESS,
            blockNumber: head,
          },
        },
      },
    ]);

    // A rescan of the same block (a cursor that reads one block back) finds the line and stays silent.
    const forced = await scanDeposits(
      {
        ...world.deps,
        store: {
          ...world.store,
          chainCursors: {
            read: async () => head - 1,
            advance: async () => true,
          },
        },
      },
      FROM_HEAD,
    );
    expect(forced).toMatchObject({ scannedBlocks: 1, depositsRecorded: 0 });
    expect(await depositsOf(world, user.id)).toHaveLength(1);
    expect(await depositEvents(world)).toHaveLength(1);
  });

  it("records no deposit for the service's own payments and refunds, and a withdrawal only as the recipient's deposit", async () => {
    const world = createDomainWorld();
    const merchant = await world.merchant();
    const buyer = await world.walletUser(100);
    const friend = await world.walletUser(0);
    await scanDeposits(world.deps, FROM_HEAD);

    const product = await world.product({ stock: 5, priceSun: 5 * TRX });
    const created = await createOrder(world.deps, buyer.id, [{ productId: product.id, quantity: 1 }]);
    if (!created.ok) throw new Error(created.error.code);
    expect((await payOrder(world.deps, buyer.id, created.value.id)).ok).toBe(true);
    world.controls.confirm();
    await runSettlement(world.deps);
    expect((await refundOrder(world.deps, created.value.id)).ok).toBe(true);
    world.controls.confirm();
    await runSettlement(world.deps);
    // 2FA is off for this buyer, so the TOTP port is never asked.
    const noTotp = { newSecret: () => '', keyUri: () => '', matchingStep: () => null };
    const sent = await withdraw({ ...world.deps, totp: noTotp }, buyer, {
      toAddress: friend.wallet.address ?? '',
      amount: 3,
      twoFactorCode: null,
      idempotencyKey: null,
    });
    expect(sent.ok).toBe(true);
    world.controls.confirm();
    await runSettlement(world.deps);

    const report = await scanDeposits(world.deps, FROM_HEAD);

    expect(report.depositsRecorded).toBe(1);
    expect(await depositsOf(world, merchant.id)).toEqual([]);
    expect(await depositsOf(world, buyer.id)).toEqual([]);
    const [received] = await depositsOf(world, friend.id);
    expect(received).toMatchObject({ amountSun: 3 * TRX, fromAddress: buyer.wallet.address });
    const withdrawal = (await linesOf(world, buyer.id)).find((line) => line.type === 'withdrawal');
    expect(received?.transactionHash).toBe(withdrawal?.transactionHash);
    expect((await depositEvents(world)).map(({ userId }) => userId)).toEqual([friend.id]);
  });

  it("finds the holders of a block's recipients in one batched lookup, not one per transfer", async () => {
    const { world, user } = await scanning();
    const held = [user, await world.walletUser(0), await world.walletUser(0), await world.walletUser(0)];
    const outside = [(await world.chain.createWallet()).address, (await world.chain.createWallet()).address];
    const sender = await world.chain.createWallet();
    world.controls.fund(sender.address, 100 * TRX);
    const recipients = [...held.map((holder) => holder.wallet.address ?? ''), ...outside];
    for (const [index, toAddress] of recipients.entries()) {
      const request = { fromAddress: sender.address, toAddress, amountSun: (index + 1) * TRX };
      const signed = await world.chain.signTransfer(request, sender.privateKey);
      expect(await world.chain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
    }
    world.controls.confirm();
    const calls: string[] = [];
    const asked: (readonly string[])[] = [];
    const users = new Proxy(world.store.users, {
      get: (target, name, receiver) => {
        const member = Reflect.get(target, name, receiver);
        if (typeof member !== 'function') return member;
        return (...args: unknown[]) => {
          calls.push(String(name));
          if (name === 'walletHolders') asked.push(args[0] as readonly string[]);
          return member.apply(target, args);
        };
      },
    });

    // Two blocks: the sender's funding, then the six transfers together.
    const report = await scanDeposits({ ...world.deps, store: { ...world.store, users } }, FROM_HEAD);

    expect(report).toMatchObject({ scannedBlocks: 2, depositsRecorded: 4 });
    for (const [index, holder] of held.entries()) {
      expect((await depositsOf(world, holder.id)).map((line) => line.amountSun)).toEqual([(index + 1) * TRX]);
    }
    expect(calls.every((name) => name === 'walletHolders')).toBe(true);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.length).toBeLessThanOrEqual(report.scannedBlocks);
    const everyAsked = asked.flat();
    expect(new Set(everyAsked).size).toBe(everyAsked.length);
    expect([...everyAsked].sort()).toEqual([sender.address, ...recipients].sort());
  });

  it('never records a failed transfer, nor one into an address the service does not hold', async () => {
    const { world, user } = await scanning();
    world.controls.includeFailedTransfer(MEMORY_GENESIS_ADDRESS, user.wallet.address ?? '', 7 * TRX);
    world.controls.fund((await world.chain.createWallet()).address, 7 * TRX);
    const report = await scanDeposits(world.deps, FROM_HEAD);
    expect(report).toMatchObject({ scannedBlocks: 2, depositsRecorded: 0 });
    expect(await depositsOf(world, user.id)).toEqual([]);
    expect(await depositEvents(world)).toEqual([]);
  });

  it('after a crash between recording blocks and moving the cursor, the next run records nothing twice and skips nothing', async () => {
    const { world, user } = await scanning();
    const amounts = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((trx) => trx * TRX);
    for (const amount of amounts) world.controls.fund(user.wallet.address ?? '', amount);
    const cursorBefore = await world.store.chainCursors.read(DEPOSIT_CURSOR);
    let crashed = false;
    const crashing = {
      ...world.deps,
      store: {
        ...world.store,
        chainCursors: {
          read: (name: string) => world.store.chainCursors.read(name),
          advance: async (name: string, expected: number | null, next: number, at: Date) => {
            if (!crashed) {
              crashed = true;
              throw new Error('crash after the blocks were recorded');
            }
            return world.store.chainCursors.advance(name, expected, next, at);
          },
        },
      },
    };
    await expect(scanDeposits(crashing, FROM_HEAD)).rejects.toThrow('crash');
    // Lines are written before the cursor moves past their blocks: some are in, the cursor is not.
    const beforeRestart = (await depositsOf(world, user.id)).map((line) => line.amountSun);
    expect(beforeRestart.length).toBeGreaterThan(0);
    expect(beforeRestart.length).toBeLessThan(amounts.length);
    expect(await world.store.chainCursors.read(DEPOSIT_CURSOR)).toBe(cursorBefore);

    const report = await scanDeposits(world.deps, FROM_HEAD);
    expect(report).toMatchObject({
      scannedBlocks: amounts.length,
      depositsRecorded: amounts.length - beforeRestart.length,
      lagBlocks: 0,
    });
    expect((await depositsOf(world, user.id)).map((line) => line.amountSun).sort((a, b) => a - b)).toEqual(
      amounts,
    );
    expect(await depositEvents(world)).toHaveLength(amounts.length);
  });

  it('two scanners at once record each deposit once and tell its owner once', async () => {
    const { world, user } = await scanning();
    for (const amount of [1, 2, 3, 4]) world.controls.fund(user.wallet.address ?? '', amount * TRX);
    await Promise.all([scanDeposits(world.deps, FROM_HEAD), scanDeposits(world.deps, FROM_HEAD)]);
    // A later run proves nothing was left behind by the one that stopped early.
    await scanDeposits(world.deps, FROM_HEAD);
    expect((await depositsOf(world, user.id)).map((line) => line.amountSun).sort()).toEqual(
      [1, 2, 3, 4].map((amount) => amount * TRX),
    );
    expect(await depositEvents(world)).toHaveLength(4);
    expect(await world.store.chainCursors.read(DEPOSIT_CURSOR)).toBe(await world.chain.solidBlockNumber());
  });

  it('catches up at most maxBlocks per run, reporting its lag, and stops at a block the node cannot serve yet', async () => {
    const { world, user } = await scanning();
    for (let index = 0; index < 5; index += 1) world.controls.fund(user.wallet.address ?? '', 1 * TRX);
    const head = await world.chain.solidBlockNumber();
    const first = await scanDeposits(world.deps, { maxBlocks: 2, startBlock: null });
    expect(first).toMatchObject({ scannedBlocks: 2, depositsRecorded: 2, cursor: head - 3, lagBlocks: 3 });

    const lagging = {
      ...world.deps,
      chain: {
        solidBlockNumber: () => world.chain.solidBlockNumber(),
        solidBlock: async (number: number) => (number === head - 1 ? null : world.chain.solidBlock(number)),
      },
    };
    const second = await scanDeposits(lagging, FROM_HEAD);
    expect(second).toMatchObject({ scannedBlocks: 1, cursor: head - 2, lagBlocks: 2 });

    const third = await scanDeposits(world.deps, FROM_HEAD);
    expect(third).toMatchObject({ scannedBlocks: 2, cursor: head, lagBlocks: 0 });
    expect(await depositsOf(world, user.id)).toHaveLength(5);
  });

  it('stops at a block the node fails to serve, keeping what came before it, and the next run records the rest once', async () => {
    const { world, user } = await scanning();
    const amounts = Array.from({ length: 12 }, (_, index) => (index + 1) * TRX);
    for (const amount of amounts) world.controls.fund(user.wallet.address ?? '', amount);
    const head = await world.chain.solidBlockNumber();
    const broken = head - 2;
    const requested: number[] = [];
    const failing = {
      ...world.deps,
      chain: {
        solidBlockNumber: () => world.chain.solidBlockNumber(),
        solidBlock: async (number: number) => {
          requested.push(number);
          if (number === broken) throw new Error('node failed to serve the block');
          return world.chain.solidBlock(number);
        },
      },
    };
    await expect(scanDeposits(failing, FROM_HEAD)).rejects.toThrow('failed to serve');
    const cursor = (await world.store.chainCursors.read(DEPOSIT_CURSOR)) as number;
    expect(cursor).toBeLessThan(broken);
    // Everything up to the cursor is recorded; nothing past the broken block was.
    const recorded = (await depositsOf(world, user.id)).map((line) => line.blockNumber as number);
    expect(Math.max(...recorded)).toBeLessThan(broken);
    expect(recorded.filter((block) => block <= cursor)).toHaveLength(recorded.length);
    expect(Math.max(...requested)).toBeLessThanOrEqual(head);

    const report = await scanDeposits(world.deps, FROM_HEAD);
    expect(report).toMatchObject({ cursor: head, lagBlocks: 0 });
    expect((await depositsOf(world, user.id)).map((line) => line.amountSun).sort((a, b) => a - b)).toEqual(
      amounts,
    );
    expect(await depositEvents(world)).toHaveLength(amounts.length);
  });
});
