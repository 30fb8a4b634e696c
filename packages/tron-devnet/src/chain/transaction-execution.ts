import { type ExecutionEffects, isContractCall, type Ledger } from './chain-state.js';
import { contractCallOf } from './contract-call.js';
import { applyContractCall, type ContractRules, executeContractCall } from './contract-call-execution.js';
import type { Refusal } from './refusals.js';
import type { JsonObject } from './signed-transaction.js';
import { applyTransfer, executeTransfer, type TransferToExecute } from './transfer-execution.js';

/** A transaction as execution needs it: its contract's type, the TRX transfer fields and `raw_data`. */
export interface TransactionToExecute extends TransferToExecute {
  readonly rawData: JsonObject;
}

/**
 * Runs one transaction's contract against a ledger without changing it. The `fail-in-block`
 * failure applies to TRX transfers only: a contract call fails on its own (REVERT, OUT_OF_ENERGY).
 */
export const executeTransaction = (
  ledger: Ledger,
  transaction: TransactionToExecute,
  now: number,
  rules: ContractRules,
): ExecutionEffects | Refusal =>
  transaction.contractType === 'TriggerSmartContract'
    ? executeContractCall(ledger, contractCallOf(transaction.rawData), transaction.bandwidthBytes, now, rules)
    : executeTransfer(ledger.accounts, transaction, now, rules.fees);

export const applyEffects = (ledger: Ledger, effects: ExecutionEffects): void => {
  if (isContractCall(effects)) applyContractCall(ledger, effects);
  else applyTransfer(ledger.accounts, effects);
};
