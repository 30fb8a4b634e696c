import type { FeeSchedule } from '../options.js';
import { type HexAddress, toBase58Address } from './addresses.js';
import { billBandwidth } from './bandwidth-bill.js';
import type { ContractCallEffects, Ledger } from './chain-state.js';
import type { ContractCall } from './contract-call.js';
import { type Refusal, refuse } from './refusals.js';
import { runUsdtCall, transferLogOf } from './usdt-contract.js';
import type { UsdtSettings } from './usdt-settings.js';

export interface ContractRules {
  readonly fees: FeeSchedule;
  readonly usdt: UsdtSettings;
  readonly usdtContract: HexAddress;
}

/** java-tron's runtime error for a REVERT (`Program` sets it when the code executes REVERT). */
export const REVERT_MESSAGE = 'REVERT opcode executed';

/**
 * `VMActuator.getAccountEnergyLimitWithFixRatio` with nothing staked: what the caller's TRX can
 * buy, capped by `fee_limit`. A free energy price leaves only the code to limit it.
 */
const energyLimitOf = (balance: number, callValue: number, feeLimit: number, energyFeeSun: number) => {
  if (energyFeeSun === 0) return Number.POSITIVE_INFINITY;
  const fromBalance = Math.floor(Math.max(balance - callValue, 0) / energyFeeSun);
  return Math.min(fromBalance, Math.floor(feeLimit / energyFeeSun));
};

/** The words of `Program.spendEnergy`'s OutOfEnergyException, at the transfer's balance writes. */
const outOfEnergyMessage = (limit: number, need: number, usedBefore: number) =>
  `Not enough energy for 'SSTORE' operation executing: curInvokeEnergyLimit[${limit}], ` +
  `curOpEnergy[${need - usedBefore}], usedEnergy[${usedBefore}]`;

/**
 * A TriggerSmartContract in java-tron's order: bandwidth (the owner must exist), then
 * `VMActuator.validate` (the contract exists, `fee_limit` in range), then the code under its energy
 * limit. A validation failure refuses the transaction; a REVERT or OUT_OF_ENERGY is a result that
 * still burns the energy used and the bandwidth. Returns the effects without changing the ledger.
 */
export const executeContractCall = (
  ledger: Ledger,
  call: ContractCall,
  bandwidthBytes: number,
  now: number,
  rules: ContractRules,
): ContractCallEffects | Refusal => {
  const { owner: ownerAddress, contract } = call;
  if (ownerAddress === null) return refuse.contractValidation('Invalid ownerAddress!');
  const owner = ledger.accounts.get(ownerAddress);
  if (owner === undefined) {
    return refuse.contractValidation(`account [${toBase58Address(ownerAddress)}] does not exist`);
  }
  const bill = billBandwidth(owner.balance, owner, bandwidthBytes, false, now, rules.fees);
  if ('code' in bill) return bill;
  if (contract !== rules.usdtContract)
    return refuse.contractValidation('No contract or not a smart contract');
  if (call.callValue < 0) return refuse.contractValidation('callValue must be >= 0');
  if (call.feeLimit < 0 || call.feeLimit > rules.fees.maxFeeLimitSun) {
    return refuse.contractValidation(`feeLimit must be >= 0 and <= ${rules.fees.maxFeeLimitSun}`);
  }

  const limit = energyLimitOf(
    owner.balance - bill.netFee,
    call.callValue,
    call.feeLimit,
    rules.fees.energyFeeSun,
  );
  const outcome = runUsdtCall(ledger.usdt, ownerAddress, call.data, call.callValue, rules.usdt);
  const common = {
    kind: 'contract-call' as const,
    owner: ownerAddress,
    contract,
    netUsage: bill.netUsage,
    netFee: bill.netFee,
    operationTime: now,
    ownerFreeNetUsage: bill.ownerFreeNetUsage,
    ownerLatestConsumeFreeTime: bill.ownerLatestConsumeFreeTime,
  };
  const burning = (energy: number) => ({
    energyUsageTotal: energy,
    energyFee: energy * rules.fees.energyFeeSun,
  });
  if (outcome.energy > limit) {
    // Out of energy spends the whole limit, and the logs and state changes go with it.
    const usedBefore = Math.min(rules.usdt.revertEnergy, limit);
    return {
      ...common,
      ...burning(limit),
      energyPenaltyTotal: 0,
      result: 'OUT_OF_ENERGY',
      runtimeError: outOfEnergyMessage(limit, outcome.energy, usedBefore),
      returnData: '',
      logs: [],
      tokenTransfer: null,
    };
  }
  if (outcome.kind === 'reverted') {
    return {
      ...common,
      ...burning(outcome.energy),
      energyPenaltyTotal: 0,
      result: 'REVERT',
      runtimeError: REVERT_MESSAGE,
      returnData: outcome.returnData,
      logs: [],
      tokenTransfer: null,
    };
  }
  const { transfer } = outcome;
  return {
    ...common,
    ...burning(outcome.energy),
    energyPenaltyTotal: outcome.penalty,
    result: 'SUCCESS',
    returnData: outcome.returnData,
    logs: transfer === null ? [] : [transferLogOf(contract, transfer)],
    tokenTransfer:
      transfer === null ? null : { from: transfer.from, to: transfer.to, amount: transfer.amount.toString() },
  };
};

/** Writes executed effects into a ledger (head, pending or solidified view). */
export const applyContractCall = (ledger: Ledger, effects: ContractCallEffects): void => {
  const owner = ledger.accounts.get(effects.owner);
  if (owner === undefined) throw new Error(`applyContractCall: owner ${effects.owner} missing from the book`);
  owner.freeNetUsage = effects.ownerFreeNetUsage;
  owner.latestConsumeFreeTime = effects.ownerLatestConsumeFreeTime;
  owner.latestOperationTime = effects.operationTime;
  owner.balance -= effects.netFee + effects.energyFee;
  // A USDT receipt lives in the contract's storage: it never creates the recipient's TRX account.
  const moved = effects.tokenTransfer;
  if (moved !== null) ledger.usdt.move(moved.from, moved.to, BigInt(moved.amount));
};
