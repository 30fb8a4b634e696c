import type { FeeSchedule } from '../options.js';
import { type HexAddress, toBase58Address } from './addresses.js';
import { billBandwidth } from './bandwidth-bill.js';
import type { AccountBook, TransferEffects, TransferFailure } from './chain-state.js';
import { type Refusal, refuse } from './refusals.js';

export interface TransferToExecute {
  readonly contractType: string | null;
  readonly ownerAddress: HexAddress | null;
  readonly toAddress: HexAddress | null;
  readonly amount: unknown;
  readonly bandwidthBytes: number;
  /** Execute it as failed (after the same validation): the `fail-in-block` fault. */
  readonly failure?: TransferFailure | undefined;
}

/**
 * Bandwidth first, then `TransferActuator.validate`, in java-tron's order; the actuator sees the
 * balance after the bandwidth fee, which is why sending a whole balance fails once free bandwidth
 * is gone. Returns what the transfer would do, without changing the book.
 */
export const executeTransfer = (
  book: AccountBook,
  transfer: TransferToExecute,
  now: number,
  fees: FeeSchedule,
): TransferEffects | Refusal => {
  if (transfer.contractType !== 'TransferContract') {
    return refuse.contractValidation(
      `the devnet executes TransferContract and TriggerSmartContract only, got ${transfer.contractType}`,
    );
  }
  const { ownerAddress, toAddress } = transfer;
  if (ownerAddress === null) return refuse.contractValidation('Invalid ownerAddress!');
  const owner = book.get(ownerAddress);
  if (owner === undefined) {
    return refuse.contractValidation(`account [${toBase58Address(ownerAddress)}] does not exist`);
  }
  const createsAccount = toAddress === null || !book.has(toAddress);
  const bill = billBandwidth(owner.balance, owner, transfer.bandwidthBytes, createsAccount, now, fees);
  if ('code' in bill) return bill;

  if (toAddress === null) return refuse.contractValidation('Invalid toAddress!');
  if (toAddress === ownerAddress) return refuse.contractValidation('Cannot transfer TRX to yourself.');
  const amount = transfer.amount;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    return refuse.contractValidation('Amount must be greater than 0.');
  }
  const createAccountFee = createsAccount ? fees.createAccountFeeSun : 0;
  if (owner.balance - bill.netFee < amount + createAccountFee) {
    return refuse.contractValidation('Validate TransferContract error, balance is not sufficient.');
  }
  const effects = {
    owner: ownerAddress,
    to: toAddress,
    amount,
    netUsage: bill.netUsage,
    netFee: bill.netFee,
    operationTime: now,
    ownerFreeNetUsage: bill.ownerFreeNetUsage,
    ownerLatestConsumeFreeTime: bill.ownerLatestConsumeFreeTime,
  };
  // java-tron bills bandwidth before it executes the contract, so a failed one still pays that
  // bill (0.1 TRX for a would-be new recipient included); the 1 TRX activation is the contract's.
  if (transfer.failure !== undefined) {
    return { ...effects, createAccountFee: 0, createsAccount: false, failure: transfer.failure };
  }
  return { ...effects, createAccountFee, createsAccount };
};

/** Writes executed effects into a book (head, pending or solidified view). */
export const applyTransfer = (book: AccountBook, effects: TransferEffects): void => {
  const owner = book.get(effects.owner);
  if (owner === undefined) throw new Error(`applyTransfer: owner ${effects.owner} missing from the book`);
  owner.freeNetUsage = effects.ownerFreeNetUsage;
  owner.latestConsumeFreeTime = effects.ownerLatestConsumeFreeTime;
  owner.latestOperationTime = effects.operationTime;
  if (effects.failure !== undefined) {
    // A failed contract moves nothing and activates no one: only its bandwidth bill is paid.
    owner.balance -= effects.netFee;
    return;
  }
  owner.balance -= effects.amount + effects.netFee + effects.createAccountFee;
  const recipient = book.get(effects.to) ?? {
    address: effects.to,
    balance: 0,
    createTime: effects.operationTime,
    latestOperationTime: 0,
    freeNetUsage: 0,
    latestConsumeFreeTime: 0,
  };
  recipient.balance += effects.amount;
  book.set(effects.to, recipient);
};
