import type { Sun } from '../money/sun.js';
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
      readonly feeSun: Sun;
      /** false when the chain included it but its contract failed. */
      readonly succeeded: boolean;
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

/** A block of the solidified chain, with the TRX transfers it holds (other contracts left out). */
export interface SolidBlock {
  readonly number: number;
  readonly time: Date;
  readonly transfers: readonly BlockTransfer[];
}

/**
 * The TRON network as the domain needs it. Reads that fail because the node cannot be reached
 * throw a DomainError with code CHAIN_UNAVAILABLE.
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
  /** Looks the transaction up on the solidified chain. */
  lookupTransfer(txId: string): Promise<TransferLookup>;
  /** Any transaction by its txID (64 hex digits), with its TRX transfer once solidified. */
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
}
