import type { Sun } from '../money/sun.js';
import type { UsdtUnits } from '../money/usdt.js';
import type { PaymentFailureReason } from '../transactions/payment-failure.js';

export interface CreatedWallet {
  readonly address: string;
  readonly privateKey: string;
}

export interface TransferRequest {
  readonly fromAddress: string;
  readonly toAddress: string;
  readonly amountSun: Sun;
}

export interface SignedTransfer {
  readonly txId: string;
  /** The signed transaction as JSON text: what `broadcast` takes. */
  readonly signedTransaction: string;
  /** Expiration in chain time. */
  readonly expiresAt: Date;
}

export type BroadcastOutcome =
  /** The node accepted it (or already had it: DUP_TRANSACTION_ERROR). */
  | { readonly kind: 'accepted' }
  /**
   * The node refused it; `code` is java-tron's (`CONTRACT_VALIDATE_ERROR`, ...), `reason` decoded
   * text (both for the log), `failure` what the refusal means for the payment.
   */
  | {
      readonly kind: 'rejected';
      readonly code: string;
      readonly reason: string;
      readonly failure: PaymentFailureReason;
    }
  /** No answer (timeout, connection lost after sending): it may or may not have been accepted. */
  | { readonly kind: 'unknown'; readonly reason: string };

export type TransferLookup =
  | {
      readonly kind: 'confirmed';
      readonly blockNumber: number;
      /** Every SUN the transaction burned: bandwidth, energy, activation. */
      readonly feeSun: Sun;
      /**
       * false when the chain included it but its contract failed. For a USDT transfer, true only
       * when the receipt says SUCCESS and the token contract logged the Transfer: the contract's
       * return value is never trusted (mainnet's USDT returns false on success).
       */
      readonly succeeded: boolean;
      /** A smart-contract call's receipt (a USDT transfer's); absent for a TRX transfer. */
      readonly receipt?: ContractReceipt;
    }
  /** Not on the solidified chain (yet). */
  | { readonly kind: 'not-found' };

/**
 * A transaction as the node knows it, for checking a transfer the service did not send (a payment
 * made from outside, a reconciliation): unknown to the node, known but not solidified yet, or on
 * the solidified chain with its TRX transfer (null for any other contract).
 */
export type ChainTransaction =
  | { readonly kind: 'unknown' }
  | { readonly kind: 'not-solid' }
  | {
      readonly kind: 'solid';
      readonly blockNumber: number;
      readonly blockTime: Date;
      readonly transfer: BlockTransfer | null;
      /** A smart-contract call's receipt (a USDT transfer's); absent for any other transaction. */
      readonly receipt?: ContractReceipt;
    };

export interface FeeEstimate {
  readonly feeSun: Sun;
  /** true when the recipient account does not exist yet (creation fee included). */
  readonly createsAccount: boolean;
}

/** A TRX transfer (`TransferContract`) as a block of the solidified chain lists it. */
export interface BlockTransfer {
  readonly txId: string;
  readonly fromAddress: string;
  readonly toAddress: string;
  readonly amountSun: Sun;
  /** java-tron's `contractRet` is SUCCESS; a failed transfer moved no TRX. */
  readonly succeeded: boolean;
}

/**
 * A USDT transfer as the configured token contract logged it (its `Transfer` event): only a call
 * whose receipt says SUCCESS keeps its logs, so a listed transfer moved the tokens.
 */
export interface BlockUsdtTransfer {
  readonly txId: string;
  /** The log's position in its transaction's logs: one call can move tokens more than once. */
  readonly logIndex: number;
  readonly fromAddress: string;
  readonly toAddress: string;
  readonly amount: UsdtUnits;
}

/**
 * java-tron's `contractResult` of a smart-contract call: SUCCESS, REVERT (the contract refused:
 * a USDT transfer beyond the sender's tokens), OUT_OF_ENERGY (the fee limit was too low), or
 * another of its names (OUT_OF_TIME, TRANSFER_FAILED, ...). Every result burns TRX.
 */
export type ContractResult = 'SUCCESS' | 'REVERT' | 'OUT_OF_ENERGY' | (string & {});

/** What a smart-contract call cost and did, from its transaction info's `receipt` and logs. */
export interface ContractReceipt {
  readonly result: ContractResult;
  /** `energy_usage_total`: all the energy the call used (OUT_OF_ENERGY: its whole limit). */
  readonly energyUsed: number;
  /** `energy_fee`: the TRX burned for that energy (no staked energy is used). */
  readonly energyFeeSun: Sun;
  /** `net_usage`: bandwidth bytes paid from the free or staked allowance. */
  readonly bandwidthUsed: number;
  /** `net_fee`: the TRX burned for bandwidth the allowance could not cover. */
  readonly bandwidthFeeSun: Sun;
  /** The configured token's Transfer logs: empty unless the call succeeded and moved USDT. */
  readonly usdtTransfers: readonly BlockUsdtTransfer[];
}

/** A block of the solidified chain, with the TRX transfers it holds (other contracts left out). */
export interface SolidBlock {
  readonly number: number;
  readonly time: Date;
  readonly transfers: readonly BlockTransfer[];
  /** The configured token's Transfer logs of the block's successful calls; empty when USDT is off. */
  readonly usdtTransfers: readonly BlockUsdtTransfer[];
}

export interface UsdtTransferRequest {
  readonly fromAddress: string;
  readonly toAddress: string;
  readonly amount: UsdtUnits;
}

export interface SignUsdtTransferRequest extends UsdtTransferRequest {
  /** The transaction's `fee_limit`: the most TRX its energy may burn (from the estimate). */
  readonly feeLimitSun: Sun;
}

/**
 * The TRX a USDT transfer burns: its energy at the node's current energy price (no energy is
 * staked or rented) plus its bandwidth once the sender's free allowance is used up.
 */
export interface UsdtFeeEstimate {
  readonly feeSun: Sun;
  /** Energy the transfer will use: more when the recipient holds no USDT yet. */
  readonly energy: number;
  readonly bandwidthBytes: number;
  readonly recipientHoldsUsdt: boolean;
  /**
   * The `fee_limit` to sign with: the energy's price with a margin, capped by configuration.
   * Below the energy's price when the cap is: such a transfer would end OUT_OF_ENERGY, still
   * burning TRX, so the caller should not send it.
   */
  readonly feeLimitSun: Sun;
}

/** The token's own answers, checked at start against what the service counts in. */
export interface UsdtTokenInfo {
  readonly symbol: string;
  readonly decimals: number;
}

/**
 * USDT (a TRC-20 token contract) on the same node as the TRX methods. A signed transfer is
 * broadcast, looked up and found through ChainPort's own `broadcast`, `lookupTransfer` and
 * `findTransaction`; a failed one still lands in a block and burns TRX.
 */
export interface UsdtChain {
  /** The token contract, base58. */
  readonly contractAddress: string;
  /** `symbol()` and `decimals()` as the contract answers them. */
  tokenInfo(): Promise<UsdtTokenInfo>;
  /** Token balance on the solidified chain. */
  getConfirmedBalance(address: string): Promise<UsdtUnits>;
  /** Token balance at the head block. */
  getUnconfirmedBalance(address: string): Promise<UsdtUnits>;
  estimateTransferFee(request: UsdtTransferRequest): Promise<UsdtFeeEstimate>;
  /** Builds and signs a `transfer(address,uint256)` call; no side effect on the chain. */
  signTransfer(request: SignUsdtTransferRequest, privateKey: string): Promise<SignedTransfer>;
}

/**
 * The TRON network as the domain needs it: TRX through the methods below, USDT through `usdt`.
 * Reads that fail because the node cannot be reached throw a DomainError with code
 * CHAIN_UNAVAILABLE.
 */
export interface ChainPort {
  createWallet(): Promise<CreatedWallet>;
  isValidAddress(address: string): boolean;
  /** Balance on the solidified chain. */
  getConfirmedBalance(address: string): Promise<Sun>;
  /** Balance at the head block. */
  getUnconfirmedBalance(address: string): Promise<Sun>;
  estimateTransferFee(request: TransferRequest): Promise<FeeEstimate>;
  /** Builds and signs a transfer; no side effect on the chain. */
  signTransfer(request: TransferRequest, privateKey: string): Promise<SignedTransfer>;
  broadcast(signedTransaction: string): Promise<BroadcastOutcome>;
  /** Looks the transaction up on the solidified chain (a TRX or a USDT transfer). */
  lookupTransfer(txId: string): Promise<TransferLookup>;
  /**
   * Any transaction by its txID (64 hex digits), with its TRX transfer, or a contract call's
   * receipt, once solidified.
   */
  findTransaction(txId: string): Promise<ChainTransaction>;
  /** Timestamp of the solidified head block: the chain's clock for expiry judgements. */
  solidifiedHeadTime(): Promise<Date>;
  /** Number of the solidified head block. */
  solidBlockNumber(): Promise<number>;
  /** Block `number` of the solidified chain; null while it is not solid (or does not exist) yet. */
  solidBlock(number: number): Promise<SolidBlock | null>;
  /**
   * The solidified head's number while the node answers both its full-node and its solidity
   * endpoints (payments need the one, the listener and the scanner the other); null while either
   * does not. One read of each: a health probe against a rate-limited node spends two requests.
   */
  reachableSolidHead(): Promise<number | null>;
  /** The block id of block 0: which network the node serves (mainnet, Nile, Shasta, a devnet). */
  genesisBlockId(): Promise<string>;
  /** The configured USDT contract; null when USDT is off (a TRX-only shop). */
  readonly usdt: UsdtChain | null;
}
