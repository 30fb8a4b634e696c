import type { BlockUsdtTransfer, ContractReceipt, TransferLookup, UsdtChain } from '@trx-shop/domain';
import { describe, expect, it } from 'vitest';
import type { ChainWorld } from './describe-chain-contract.js';

/** What a world's chain charges for a USDT transfer: the expected fees are computed from it. */
export interface UsdtPricing {
  /** SUN per unit of energy (`getEnergyFee`). */
  readonly energyFeeSun: number;
  readonly holderEnergy: number;
  readonly nonHolderEnergy: number;
  /** The largest fee limit the port signs. */
  readonly feeLimitCapSun: number;
}

const TRX = 1_000_000;
const USDT = 1_000_000;

/** The receipt of a confirmed lookup, or a failed expectation. */
const receiptOf = (lookup: TransferLookup): ContractReceipt & { feeSun: number; succeeded: boolean } => {
  if (lookup.kind !== 'confirmed' || lookup.receipt === undefined) {
    throw new Error(`expected a confirmed contract call, got ${JSON.stringify(lookup)}`);
  }
  return { ...lookup.receipt, feeSun: lookup.feeSun, succeeded: lookup.succeeded };
};

/** The ChainPort's USDT contract (`chain.usdt`), run inside the chain contract on the same world. */
export const describeUsdtContract = (worldOf: () => ChainWorld): void => {
  describe('USDT', () => {
    const usdtOf = (): UsdtChain => {
      const usdt = worldOf().chain.usdt;
      if (usdt === null) throw new Error('the chain contract runs with USDT on');
      return usdt;
    };

    /** A sender with TRX for energy and `tokens` USDT, all solid. */
    const tokenSender = async (tokens: number, trx = 100 * TRX) => {
      const world = worldOf();
      const sender = await world.chain.createWallet();
      await world.fund(sender.address, trx);
      if (tokens > 0) await world.mintUsdt(sender.address, tokens);
      return sender;
    };
    const tokens = (address: string) =>
      Promise.all([usdtOf().getConfirmedBalance(address), usdtOf().getUnconfirmedBalance(address)]);

    /** Signs and broadcasts a transfer, which must be accepted whatever it will do in its block. */
    const send = async (
      sender: { address: string; privateKey: string },
      toAddress: string,
      amount: number,
      feeLimitSun: number,
    ) => {
      const signed = await usdtOf().signTransfer(
        { fromAddress: sender.address, toAddress, amount, feeLimitSun },
        sender.privateKey,
      );
      expect(await worldOf().chain.broadcast(signed.signedTransaction)).toEqual({ kind: 'accepted' });
      return signed;
    };

    /** The token transfers the solid blocks after `after` list, each with its block. */
    const usdtTransfersSince = async (after: number) => {
      const chain = worldOf().chain;
      const found: { block: number; transfer: BlockUsdtTransfer }[] = [];
      for (let number = after + 1; number <= (await chain.solidBlockNumber()); number += 1) {
        for (const transfer of (await chain.solidBlock(number))?.usdtTransfers ?? []) {
          found.push({ block: number, transfer });
        }
      }
      return found;
    };

    it('names its token contract, which answers symbol USDT and 6 decimals', async () => {
      const usdt = usdtOf();
      expect(worldOf().chain.isValidAddress(usdt.contractAddress)).toBe(true);
      expect(await usdt.tokenInfo()).toEqual({ symbol: 'USDT', decimals: 6 });
    });

    it('reads no USDT for a fresh address, then what was minted, solid and at the head alike', async () => {
      const wallet = await worldOf().chain.createWallet();
      expect(await tokens(wallet.address)).toEqual([0, 0]);
      await worldOf().mintUsdt(wallet.address, 25 * USDT + 1);
      expect(await tokens(wallet.address)).toEqual([25 * USDT + 1, 25 * USDT + 1]);
    });

    it('moves USDT to a holder: head first, solid once confirmed, for the estimated fee of holder energy', async () => {
      const world = worldOf();
      const { energyFeeSun, holderEnergy, feeLimitCapSun } = world.usdtPricing;
      const sender = await tokenSender(50 * USDT);
      const recipient = await world.chain.createWallet();
      await world.mintUsdt(recipient.address, 1 * USDT);
      const request = { fromAddress: sender.address, toAddress: recipient.address, amount: 12 * USDT };
      const estimate = await usdtOf().estimateTransferFee(request);
      expect(estimate).toMatchObject({ recipientHoldsUsdt: true, energy: holderEnergy });
      expect(estimate.feeSun).toBeGreaterThanOrEqual(holderEnergy * energyFeeSun);
      expect(estimate.feeLimitSun).toBeGreaterThan(holderEnergy * energyFeeSun);
      expect(estimate.feeLimitSun).toBeLessThanOrEqual(feeLimitCapSun);
      const trxBefore = await world.chain.getConfirmedBalance(sender.address);
      const before = await world.chain.solidBlockNumber();

      const signed = await send(sender, recipient.address, 12 * USDT, estimate.feeLimitSun);
      await world.includeInHead();
      expect(await tokens(sender.address)).toEqual([50 * USDT, 38 * USDT]);
      expect(await tokens(recipient.address)).toEqual([1 * USDT, 13 * USDT]);
      expect(await world.chain.lookupTransfer(signed.txId)).toEqual({ kind: 'not-found' });

      await world.confirm();
      expect(await tokens(sender.address)).toEqual([38 * USDT, 38 * USDT]);
      expect(await tokens(recipient.address)).toEqual([13 * USDT, 13 * USDT]);
      const lookup = await world.chain.lookupTransfer(signed.txId);
      const receipt = receiptOf(lookup);
      expect(receipt).toMatchObject({
        succeeded: true,
        result: 'SUCCESS',
        energyUsed: holderEnergy,
        energyFeeSun: holderEnergy * energyFeeSun,
      });
      expect(receipt.feeSun).toBe(receipt.energyFeeSun + receipt.bandwidthFeeSun);
      expect(receipt.feeSun).toBe(estimate.feeSun);
      expect(await world.chain.getConfirmedBalance(sender.address)).toBe(trxBefore - receipt.feeSun);

      const logged = {
        txId: signed.txId,
        logIndex: 0,
        fromAddress: sender.address,
        toAddress: recipient.address,
        amount: 12 * USDT,
      };
      expect(receipt.usdtTransfers).toEqual([logged]);
      const listed = (await usdtTransfersSince(before)).filter(
        ({ transfer }) => transfer.txId === signed.txId,
      );
      expect(listed).toEqual([
        { block: lookup.kind === 'confirmed' ? lookup.blockNumber : -1, transfer: logged },
      ]);
      const block = await world.chain.solidBlock(listed[0]?.block ?? -1);
      expect(block?.transfers.map((transfer) => transfer.txId)).not.toContain(signed.txId);
      expect(await world.chain.findTransaction(signed.txId)).toEqual({
        kind: 'solid',
        blockNumber: listed[0]?.block,
        blockTime: block?.time,
        transfer: null,
        receipt: lookup.kind === 'confirmed' ? lookup.receipt : undefined,
      });
    });

    it('moves USDT to an address that holds none for the non-holder energy, without activating its TRX account', async () => {
      const world = worldOf();
      const { energyFeeSun, nonHolderEnergy } = world.usdtPricing;
      const sender = await tokenSender(10 * USDT);
      const fresh = await world.chain.createWallet();
      const estimate = await usdtOf().estimateTransferFee({
        fromAddress: sender.address,
        toAddress: fresh.address,
        amount: 4 * USDT,
      });
      expect(estimate).toMatchObject({ recipientHoldsUsdt: false, energy: nonHolderEnergy });
      const signed = await send(sender, fresh.address, 4 * USDT, estimate.feeLimitSun);
      await world.confirm();
      const receipt = receiptOf(await world.chain.lookupTransfer(signed.txId));
      expect(receipt).toMatchObject({
        succeeded: true,
        result: 'SUCCESS',
        energyUsed: nonHolderEnergy,
        energyFeeSun: nonHolderEnergy * energyFeeSun,
        feeSun: estimate.feeSun,
      });
      expect(await tokens(fresh.address)).toEqual([4 * USDT, 4 * USDT]);
      // The tokens live in the contract's storage: the address still has no TRX account.
      expect(await world.chain.getConfirmedBalance(fresh.address)).toBe(0);
      const trxEstimate = await world.chain.estimateTransferFee({
        fromAddress: sender.address,
        toAddress: fresh.address,
        amountSun: 1 * TRX,
      });
      expect(trxEstimate.createsAccount).toBe(true);
    });

    it('REVERT: a transfer beyond the sender’s tokens is accepted, lands, burns TRX for its energy and moves no USDT', async () => {
      const world = worldOf();
      const { energyFeeSun, holderEnergy } = world.usdtPricing;
      const sender = await tokenSender(5 * USDT);
      const recipient = await world.chain.createWallet();
      await world.mintUsdt(recipient.address, 1 * USDT);
      const estimate = await usdtOf().estimateTransferFee({
        fromAddress: sender.address,
        toAddress: recipient.address,
        amount: 6 * USDT,
      });
      const trxBefore = await world.chain.getConfirmedBalance(sender.address);
      const before = await world.chain.solidBlockNumber();
      const signed = await send(sender, recipient.address, 6 * USDT, estimate.feeLimitSun);
      await world.confirm();
      const receipt = receiptOf(await world.chain.lookupTransfer(signed.txId));
      expect(receipt).toMatchObject({ succeeded: false, result: 'REVERT', usdtTransfers: [] });
      expect(receipt.energyUsed).toBeGreaterThan(0);
      expect(receipt.energyUsed).toBeLessThan(holderEnergy);
      expect(receipt.energyFeeSun).toBe(receipt.energyUsed * energyFeeSun);
      expect(receipt.feeSun).toBe(receipt.energyFeeSun + receipt.bandwidthFeeSun);
      expect(await world.chain.getConfirmedBalance(sender.address)).toBe(trxBefore - receipt.feeSun);
      expect(await tokens(sender.address)).toEqual([5 * USDT, 5 * USDT]);
      expect(await tokens(recipient.address)).toEqual([1 * USDT, 1 * USDT]);
      expect((await usdtTransfersSince(before)).map(({ transfer }) => transfer.txId)).not.toContain(
        signed.txId,
      );
    });

    it('OUT_OF_ENERGY: a fee limit below the energy’s price lands, burns the whole limit and moves no USDT', async () => {
      const world = worldOf();
      const { energyFeeSun } = world.usdtPricing;
      const sender = await tokenSender(5 * USDT);
      const recipient = await world.chain.createWallet();
      await world.mintUsdt(recipient.address, 1 * USDT);
      const feeLimitSun = 1 * TRX;
      const trxBefore = await world.chain.getConfirmedBalance(sender.address);
      const signed = await send(sender, recipient.address, 2 * USDT, feeLimitSun);
      await world.confirm();
      const receipt = receiptOf(await world.chain.lookupTransfer(signed.txId));
      const wholeLimit = Math.floor(feeLimitSun / energyFeeSun);
      expect(receipt).toMatchObject({
        succeeded: false,
        result: 'OUT_OF_ENERGY',
        energyUsed: wholeLimit,
        energyFeeSun: wholeLimit * energyFeeSun,
        usdtTransfers: [],
      });
      expect(receipt.feeSun).toBe(receipt.energyFeeSun + receipt.bandwidthFeeSun);
      expect(await world.chain.getConfirmedBalance(sender.address)).toBe(trxBefore - receipt.feeSun);
      expect(await tokens(sender.address)).toEqual([5 * USDT, 5 * USDT]);
      expect(await tokens(recipient.address)).toEqual([1 * USDT, 1 * USDT]);
    });

    it('refuses to sign a fee limit above the configured cap, a zero amount, or a malformed address', async () => {
      const world = worldOf();
      const sender = await world.chain.createWallet();
      const recipient = await world.chain.createWallet();
      const request = { fromAddress: sender.address, toAddress: recipient.address, amount: USDT };
      const { feeLimitCapSun } = world.usdtPricing;
      await expect(
        usdtOf().signTransfer({ ...request, feeLimitSun: feeLimitCapSun + 1 }, sender.privateKey),
      ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
      await expect(
        usdtOf().signTransfer({ ...request, amount: 0, feeLimitSun: TRX }, sender.privateKey),
      ).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
      await expect(
        usdtOf().signTransfer({ ...request, toAddress: 'T123', feeLimitSun: TRX }, sender.privateKey),
      ).rejects.toMatchObject({ code: 'INVALID_ADDRESS' });
      await expect(usdtOf().getConfirmedBalance('T123')).rejects.toMatchObject({ code: 'INVALID_ADDRESS' });
    });

    it('node down: USDT reads throw CHAIN_UNAVAILABLE', async () => {
      const down = worldOf().unreachable().usdt;
      const someone = (await worldOf().chain.createWallet()).address;
      const other = (await worldOf().chain.createWallet()).address;
      await expect(down?.getConfirmedBalance(someone)).rejects.toMatchObject({ code: 'CHAIN_UNAVAILABLE' });
      await expect(down?.getUnconfirmedBalance(someone)).rejects.toMatchObject({ code: 'CHAIN_UNAVAILABLE' });
      await expect(down?.tokenInfo()).rejects.toMatchObject({ code: 'CHAIN_UNAVAILABLE' });
      await expect(
        down?.estimateTransferFee({ fromAddress: someone, toAddress: other, amount: USDT }),
      ).rejects.toMatchObject({ code: 'CHAIN_UNAVAILABLE' });
    });
  });
};
