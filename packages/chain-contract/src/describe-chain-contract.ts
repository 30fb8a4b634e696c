import type { BlockTransfer, ChainPort } from '@trx-shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BroadcastFault } from './memory-chain.js';
import { describeUsdtContract, type UsdtPricing } from './describe-usdt-contract.js';

/** One chain to run the contract against: the devnet through TronWeb, or the in-memory fake. */
export interface ChainWorld {
  readonly chain: ChainPort;
  /** Credits an address from outside and makes the credit solid. */
  fund(address: string, amountSun: number): Promise<void>;
  /** Includes what the node accepted and makes it solid. */
  confirm(): Promise<void>;
  /** The next broadcast misbehaves so. */
  inject(fault: BroadcastFault): Promise<void>;
  /** Moves chain time past every expiration signed so far and makes that solid. */
  passExpiry(): Promise<void>;
  /** A chain port of the same kind whose node cannot be reached. */
  unreachable(): ChainPort;
  /** Creates USDT for an address from outside and makes it solid. */
  mintUsdt(address: string, amount: number): Promise<void>;
  /** Includes what the node accepted in a head block that is not solid yet. */
  includeInHead(): Promise<void>;
  /** The energy and price this world's chain bills USDT transfers at, as its harness set them. */
  readonly usdtPricing: UsdtPricing;
}

export interface ChainHarness {
  readonly name: string;
  open(): Promise<ChainWorld>;
  close(world: ChainWorld): Promise<void>;
}

const TRX = 1_000_000;

/** The ChainPort contract: what the domain relies on, for every implementation of the port. */
export const describeChainContract = (harness: ChainHarness): void => {
  describe(`chain contract: ${harness.name}`, () => {
    let world: ChainWorld;
    beforeAll(async () => {
      world = await harness.open();
    });
    afterAll(async () => {
      await harness.close(world);
    });

    /** A funded sender and an existing recipient (no account-creation fee). */
    const pair = async (fundSun = 50 * TRX) => {
      const [sender, recipient] = [await world.chain.createWallet(), await world.chain.createWallet()];
      await world.fund(sender.address, fundSun);
      await world.fund(recipient.address, 1 * TRX);
      return { sender, recipient };
    };
    const balances = async (...addresses: string[]) =>
      Promise.all(addresses.map((address) => world.chain.getConfirmedBalance(address)));

    it('creates distinct wallets with valid addresses and refuses malformed ones', async () => {
      const [a, b] = [await world.chain.createWallet(), await world.chain.createWallet()];
      expect(a.address).not.toBe(b.address);
      for (const wallet of [a, b]) {
        expect(world.chain.isValidAddress(wallet.address)).toBe(true);
        expect(wallet.privateKey).toMatch(/^[0-9a-fA-F]{64}$/);
      }
      for (const bad of ['', 'T123', `X${a.address.slice(1)}`, `${a.address}0`]) {
        expect(world.chain.isValidAddress(bad)).toBe(false);
      }
    });

    it('names its network by the id of block 0, the same on every call', async () => {
      const genesis = await world.chain.genesisBlockId();
      expect(genesis).toMatch(/^[0-9a-f]{64}$/);
      await world.confirm();
      expect(await world.chain.genesisBlockId()).toBe(genesis);
    });

    it('reports what was funded on the solidified chain', async () => {
      const wallet = await world.chain.createWallet();
      expect(await world.chain.getConfirmedBalance(wallet.address)).toBe(0);
      await world.fund(wallet.address, 7 * TRX);
      expect(await world.chain.getConfirmedBalance(wallet.address)).toBe(7 * TRX);
    });

    it('signs without a side effect, and gives identical transfers distinct txIDs', async () => {
      const { sender, recipient } = await pair();
      const request = { fromAddress: sender.address, toAddress: recipient.address, amountSun: 2 * TRX };
      const [first, second] = [
        await world.chain.signTransfer(request, sender.privateKey),
        await world.chain.signTransfer(request, sender.privateKey),
      ];
      expect(first.txId).toMatch(/^[0-9a-f]{64}$/);
      expect(first.txId).not.toBe(second.txId);
      expect(first.expiresAt.getTime()).toBeGreaterThan((await world.chain.solidifiedHeadTime()).getTime());
      await world.confirm();
      expect(await world.chain.lookupTransfer(first.txId)).toEqual({ kind: 'not-found' });
      expect(await balances(sender.address, recipient.address)).toEqual([50 * TRX, 1 * TRX]);
    });

    it('confirms an accepted transfer only once it is solid; balances move by the amount and the fee exactly', async () => {
      const { sender, recipient } = await pair();
      const request = { fromAddress: sender.address, toAddress: recipient.address, amountSun: 3 * TRX };
      const signed = await world.chain.signTransfer(request, sender.privateKey);
      expect(await world.chain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
      expect(await world.chain.lookupTransfer(signed.txId)).toEqual({ kind: 'not-found' });
      await world.confirm();
      const lookup = await world.chain.lookupTransfer(signed.txId);
      expect(lookup).toMatchObject({ kind: 'confirmed', succeeded: true });
      if (lookup.kind !== 'confirmed') throw new Error('not confirmed');
      expect(lookup.blockNumber).toBeGreaterThan(0);
      expect(await balances(sender.address, recipient.address)).toEqual([
        50 * TRX - 3 * TRX - lookup.feeSun,
        1 * TRX + 3 * TRX,
      ]);
    });

    it('estimates the account-creation fee for a new recipient, and the transfer burns what was estimated', async () => {
      const { sender } = await pair();
      const fresh = await world.chain.createWallet();
      const request = { fromAddress: sender.address, toAddress: fresh.address, amountSun: 1 * TRX };
      const estimate = await world.chain.estimateTransferFee(request);
      expect(estimate.createsAccount).toBe(true);
      expect(estimate.feeSun).toBeGreaterThanOrEqual(1_100_000);
      const signed = await world.chain.signTransfer(request, sender.privateKey);
      await world.chain.broadcast(signed.signedTransaction);
      await world.confirm();
      const lookup = await world.chain.lookupTransfer(signed.txId);
      expect(lookup).toMatchObject({ kind: 'confirmed', feeSun: estimate.feeSun });
      const existing = await world.chain.estimateTransferFee(request);
      expect(existing.createsAccount).toBe(false);
      expect(existing.feeSun).toBeLessThan(estimate.feeSun);
    });

    it('counts a re-broadcast of an accepted transfer as accepted and moves the money once', async () => {
      const { sender, recipient } = await pair();
      const request = { fromAddress: sender.address, toAddress: recipient.address, amountSun: 4 * TRX };
      const signed = await world.chain.signTransfer(request, sender.privateKey);
      await world.chain.broadcast(signed.signedTransaction);
      expect(await world.chain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
      await world.confirm();
      expect(await world.chain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
      await world.confirm();
      expect(await world.chain.getConfirmedBalance(recipient.address)).toBe(5 * TRX);
    });

    it('refuses a transfer beyond the balance as rejected, with a code and a reason', async () => {
      const { sender, recipient } = await pair(2 * TRX);
      const request = { fromAddress: sender.address, toAddress: recipient.address, amountSun: 5 * TRX };
      const signed = await world.chain.signTransfer(request, sender.privateKey);
      const outcome = await world.chain.broadcast(signed.signedTransaction);
      expect(outcome).toMatchObject({
        kind: 'rejected',
        code: expect.any(String),
        reason: expect.any(String),
        failure: 'INSUFFICIENT_BALANCE',
      });
      await world.confirm();
      expect(await balances(sender.address, recipient.address)).toEqual([2 * TRX, 1 * TRX]);
    });

    it('reject fault: answers rejected and moves nothing', async () => {
      const { sender, recipient } = await pair();
      const signed = await world.chain.signTransfer(
        { fromAddress: sender.address, toAddress: recipient.address, amountSun: 1 * TRX },
        sender.privateKey,
      );
      await world.inject('reject');
      expect(await world.chain.broadcast(signed.signedTransaction)).toMatchObject({
        kind: 'rejected',
        failure: 'BROADCAST_REJECTED',
      });
      await world.confirm();
      expect(await world.chain.lookupTransfer(signed.txId)).toEqual({ kind: 'not-found' });
      expect(await balances(sender.address)).toEqual([50 * TRX]);
    });

    it('accept-timeout fault: the outcome is unknown, yet the transfer lands, once', async () => {
      const { sender, recipient } = await pair();
      const signed = await world.chain.signTransfer(
        { fromAddress: sender.address, toAddress: recipient.address, amountSun: 1 * TRX },
        sender.privateKey,
      );
      await world.inject('accept-timeout');
      expect(await world.chain.broadcast(signed.signedTransaction)).toMatchObject({ kind: 'unknown' });
      await world.confirm();
      expect(await world.chain.lookupTransfer(signed.txId)).toMatchObject({ kind: 'confirmed' });
      expect(await world.chain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
      await world.confirm();
      expect(await world.chain.getConfirmedBalance(recipient.address)).toBe(2 * TRX);
    });

    it('timeout fault: the outcome is unknown and nothing lands until the transfer is sent again', async () => {
      const { sender, recipient } = await pair();
      const signed = await world.chain.signTransfer(
        { fromAddress: sender.address, toAddress: recipient.address, amountSun: 1 * TRX },
        sender.privateKey,
      );
      await world.inject('timeout');
      expect(await world.chain.broadcast(signed.signedTransaction)).toMatchObject({ kind: 'unknown' });
      await world.confirm();
      expect(await world.chain.lookupTransfer(signed.txId)).toEqual({ kind: 'not-found' });
      expect(await world.chain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
      await world.confirm();
      expect(await world.chain.lookupTransfer(signed.txId)).toMatchObject({ kind: 'confirmed' });
    });

    it('drop fault: accepted but never included; the solidified head passes its expiration', async () => {
      const { sender, recipient } = await pair();
      const signed = await world.chain.signTransfer(
        { fromAddress: sender.address, toAddress: recipient.address, amountSun: 1 * TRX },
        sender.privateKey,
      );
      await world.inject('drop');
      expect(await world.chain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
      await world.confirm();
      expect(await world.chain.lookupTransfer(signed.txId)).toEqual({ kind: 'not-found' });
      await world.passExpiry();
      expect((await world.chain.solidifiedHeadTime()).getTime()).toBeGreaterThan(signed.expiresAt.getTime());
      expect(await world.chain.lookupTransfer(signed.txId)).toEqual({ kind: 'not-found' });
      expect(await balances(sender.address, recipient.address)).toEqual([50 * TRX, 1 * TRX]);
    });

    /** Every transfer in the solid blocks after `after`, each with the number of its block. */
    const transfersSince = async (after: number) => {
      const head = await world.chain.solidBlockNumber();
      const found: { block: number; transfer: BlockTransfer }[] = [];
      let previousTime = 0;
      for (let number = after + 1; number <= head; number += 1) {
        const block = await world.chain.solidBlock(number);
        expect(block?.number).toBe(number);
        expect(block?.time.getTime()).toBeGreaterThanOrEqual(previousTime);
        previousTime = block?.time.getTime() ?? 0;
        for (const transfer of block?.transfers ?? []) found.push({ block: number, transfer });
      }
      return found;
    };

    it('lists a sent transfer in exactly one solid block, with its addresses and amount', async () => {
      const { sender, recipient } = await pair();
      const before = await world.chain.solidBlockNumber();
      const signed = await world.chain.signTransfer(
        { fromAddress: sender.address, toAddress: recipient.address, amountSun: 3 * TRX },
        sender.privateKey,
      );
      expect(await world.chain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
      await world.confirm();
      expect(await world.chain.solidBlockNumber()).toBeGreaterThan(before);
      const listed = (await transfersSince(before)).filter(({ transfer }) => transfer.txId === signed.txId);
      expect(listed.map(({ transfer }) => transfer)).toEqual([
        {
          txId: signed.txId,
          fromAddress: sender.address,
          toAddress: recipient.address,
          amountSun: 3 * TRX,
          succeeded: true,
        },
      ]);
      const lookup = await world.chain.lookupTransfer(signed.txId);
      expect(lookup).toMatchObject({ kind: 'confirmed', blockNumber: listed[0]?.block });
    });

    it('lists funding from outside as a successful transfer into the funded address', async () => {
      const wallet = await world.chain.createWallet();
      const before = await world.chain.solidBlockNumber();
      await world.fund(wallet.address, 9 * TRX);
      const into = (await transfersSince(before)).filter(
        ({ transfer }) => transfer.toAddress === wallet.address,
      );
      expect(into.map(({ transfer }) => [transfer.amountSun, transfer.succeeded])).toEqual([[9 * TRX, true]]);
      expect(world.chain.isValidAddress(into[0]?.transfer.fromAddress ?? '')).toBe(true);
    });

    it('finds a transaction by its txID: unknown, then known but not solid, then solid with its transfer', async () => {
      const { sender, recipient } = await pair();
      const signed = await world.chain.signTransfer(
        { fromAddress: sender.address, toAddress: recipient.address, amountSun: 4 * TRX },
        sender.privateKey,
      );
      expect(await world.chain.findTransaction(signed.txId)).toEqual({ kind: 'unknown' });
      expect(await world.chain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
      expect(await world.chain.findTransaction(signed.txId)).toEqual({ kind: 'not-solid' });
      await world.confirm();
      const found = await world.chain.findTransaction(signed.txId.toUpperCase());
      const lookup = await world.chain.lookupTransfer(signed.txId);
      expect(found).toEqual({
        kind: 'solid',
        blockNumber: lookup.kind === 'confirmed' ? lookup.blockNumber : -1,
        blockTime: (await world.chain.solidBlock(lookup.kind === 'confirmed' ? lookup.blockNumber : -1))
          ?.time,
        transfer: {
          txId: signed.txId,
          fromAddress: sender.address,
          toAddress: recipient.address,
          amountSun: 4 * TRX,
          succeeded: true,
        },
      });
    });

    it('finds funding from outside as a solid transfer into the funded address', async () => {
      const wallet = await world.chain.createWallet();
      const before = await world.chain.solidBlockNumber();
      await world.fund(wallet.address, 6 * TRX);
      const funding = (await transfersSince(before)).find(
        ({ transfer }) => transfer.toAddress === wallet.address,
      );
      const found = await world.chain.findTransaction(funding?.transfer.txId ?? '');
      expect(found).toMatchObject({
        kind: 'solid',
        blockNumber: funding?.block,
        transfer: funding?.transfer,
      });
    });

    it('refuses a txID that is not 64 hex digits', async () => {
      for (const bad of ['', 'abc', 'g'.repeat(64), 'a'.repeat(63)]) {
        await expect(world.chain.findTransaction(bad)).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
      }
    });

    it('answers null for a block that is not solid yet', async () => {
      const head = await world.chain.solidBlockNumber();
      expect(await world.chain.solidBlock(head + 1_000)).toBeNull();
    });

    it('node up: the reachable solid head is the solidified head, and moves with it', async () => {
      const before = await world.chain.solidBlockNumber();
      expect(await world.chain.reachableSolidHead()).toBe(before);
      const { sender, recipient } = await pair();
      const signed = await world.chain.signTransfer(
        { fromAddress: sender.address, toAddress: recipient.address, amountSun: TRX },
        sender.privateKey,
      );
      expect(await world.chain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
      await world.confirm();
      const after = await world.chain.solidBlockNumber();
      expect(after).toBeGreaterThan(before);
      expect(await world.chain.reachableSolidHead()).toBe(after);
    });

    it('node down: reads throw CHAIN_UNAVAILABLE, no reachable solid head, a broadcast is unknown', async () => {
      const down = world.unreachable();
      const someone = (await world.chain.createWallet()).address;
      expect(await down.reachableSolidHead()).toBeNull();
      await expect(down.getConfirmedBalance(someone)).rejects.toMatchObject({ code: 'CHAIN_UNAVAILABLE' });
      await expect(down.solidifiedHeadTime()).rejects.toMatchObject({ code: 'CHAIN_UNAVAILABLE' });
      await expect(down.lookupTransfer('a'.repeat(64))).rejects.toMatchObject({ code: 'CHAIN_UNAVAILABLE' });
      await expect(down.findTransaction('a'.repeat(64))).rejects.toMatchObject({ code: 'CHAIN_UNAVAILABLE' });
      await expect(down.genesisBlockId()).rejects.toMatchObject({ code: 'CHAIN_UNAVAILABLE' });
      await expect(down.solidBlockNumber()).rejects.toMatchObject({ code: 'CHAIN_UNAVAILABLE' });
      await expect(down.solidBlock(1)).rejects.toMatchObject({ code: 'CHAIN_UNAVAILABLE' });
      const signed = await world.chain
        .signTransfer(
          { fromAddress: someone, toAddress: (await world.chain.createWallet()).address, amountSun: 1 },
          'b'.repeat(64),
        )
        .catch(() => null);
      if (signed) expect(await down.broadcast(signed.signedTransaction)).toMatchObject({ kind: 'unknown' });
    });

    describeUsdtContract(() => world);
  });
};
