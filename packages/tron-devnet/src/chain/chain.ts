import { utils } from './tronweb-utils.js';
import type { DevnetConfig } from '../options.js';
import { type HexAddress, toBase58Address } from './addresses.js';
import { sealBlock, sealGenesisBlock, taposHash, taposKey } from './blocks.js';
import {
  type Account,
  type BlockRecord,
  type ChainSnapshot,
  cloneLedger,
  isContractCall,
  type KeyPair,
  type Ledger,
  ledgerFrom,
  type TransactionRecord,
  type TransferEffects,
  type TransferFailure,
} from './chain-state.js';
import type { ContractRules } from './contract-call-execution.js';
import { type Refusal, refuse } from './refusals.js';
import { type DecodedTransaction, recoverSigner } from './signed-transaction.js';
import type { TokenReader } from './trc20-token.js';
import { applyEffects, executeTransaction, type TransactionToExecute } from './transaction-execution.js';
import { DEVNET_USDT_CONTRACT_HEX } from './usdt-contract-address.js';
import type { UsdtSettings } from './usdt-settings.js';

/** java-tron refuses expirations further out than this from the head block (`MAXIMUM_TIME_UNTIL_EXPIRATION`). */
const MAX_EXPIRATION_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Empty blocks older than this are forgotten; blocks with transactions are kept for good. */
const KEPT_EMPTY_BLOCKS = 1000;

export type BroadcastVerdict =
  | { readonly kind: 'accepted'; readonly txId: string }
  | { readonly kind: 'refused'; readonly txId: string; readonly refusal: Refusal };

export type ChainView = 'head' | 'solid';

const newKeyPair = (): KeyPair => {
  const account = utils.accounts.generateAccount();
  return { privateKey: account.privateKey.toLowerCase(), address: account.address.hex.toLowerCase() };
};

const alignDown = (time: number, slotMs: number): number => Math.floor(time / slotMs) * slotMs;

/** A stored transaction executed again (in a new block, or re-pushed after a restart), failure kept. */
const reexecution = (record: TransactionRecord): TransactionToExecute => {
  const { effects } = record;
  const transfer = isContractCall(effects) ? null : effects;
  return {
    contractType: record.contractType,
    rawData: record.rawData,
    ownerAddress: effects.owner,
    toAddress: transfer?.to ?? null,
    amount: transfer?.amount,
    bandwidthBytes: record.bandwidthBytes,
    failure: transfer?.failure,
  };
};

/** A TRX transfer's record, as `/devnet/transactions` lists them. */
export type TransferRecord = Readonly<TransactionRecord> & { readonly effects: TransferEffects };

const genesisSnapshot = (config: DevnetConfig): ChainSnapshot => {
  const witness = newKeyPair();
  const genesis = newKeyPair();
  const genesisBlock = sealGenesisBlock(alignDown(Date.now(), config.slotMs), witness);
  const genesisAccount: Account = {
    address: genesis.address,
    balance: config.genesisBalanceSun,
    createTime: genesisBlock.timestamp,
    latestOperationTime: 0,
    freeNetUsage: 0,
    latestConsumeFreeTime: 0,
  };
  return {
    format: 'trx-shop-devnet/1',
    witness,
    genesis,
    timeOffsetMs: 0,
    headNumber: 0,
    solidNumber: 0,
    blocks: [genesisBlock],
    tapos: { [taposKey(0)]: taposHash(genesisBlock.blockId) },
    confirmedAccounts: [genesisAccount],
    solidAccounts: [genesisAccount],
    transactions: [],
    pending: [],
  };
};

/**
 * The chain: blocks, three views of the accounts (solidified, head block, head plus pending
 * transactions, like java-tron's pending session) and the broadcast rules in java-tron's order.
 */
export class DevnetChain {
  readonly witness: KeyPair;
  readonly genesis: KeyPair;
  readonly #config: DevnetConfig;
  #timeOffsetMs: number;
  #headNumber: number;
  #solidNumber: number;
  readonly #blocks = new Map<number, BlockRecord>();
  readonly #blockNumbersById = new Map<string, number>();
  readonly #tapos: Map<string, string>;
  #confirmed: Ledger;
  #pendingLedger: Ledger;
  readonly #solid: Ledger;
  #usdtSettings: UsdtSettings;
  readonly #transactions = new Map<string, TransactionRecord>();
  #pending: TransactionRecord[];
  readonly #listeners = new Set<() => void>();

  private constructor(config: DevnetConfig, snapshot: ChainSnapshot) {
    this.#config = config;
    this.witness = snapshot.witness;
    this.genesis = snapshot.genesis;
    this.#timeOffsetMs = snapshot.timeOffsetMs;
    this.#headNumber = snapshot.headNumber;
    this.#solidNumber = snapshot.solidNumber;
    for (const block of snapshot.blocks) this.#remember(block);
    this.#tapos = new Map(Object.entries(snapshot.tapos));
    this.#confirmed = ledgerFrom(snapshot.confirmedAccounts, snapshot.confirmedUsdt);
    this.#solid = ledgerFrom(snapshot.solidAccounts, snapshot.solidUsdt);
    this.#usdtSettings = config.usdt;
    for (const record of snapshot.transactions) this.#transactions.set(record.txId, { ...record });
    this.#pending = [];
    this.#pendingLedger = cloneLedger(this.#confirmed);
    // A restart re-validates the pending pool against the head, as java-tron re-pushes it.
    for (const record of snapshot.pending) this.#repush({ ...record });
  }

  static open(config: DevnetConfig, snapshot: ChainSnapshot | null): DevnetChain {
    return new DevnetChain(config, snapshot ?? genesisSnapshot(config));
  }

  onChange(listener: () => void): void {
    this.#listeners.add(listener);
  }

  get head(): BlockRecord {
    return this.#blockAt(this.#headNumber);
  }

  get solidBlock(): BlockRecord {
    return this.#blockAt(this.#solidNumber);
  }

  /** Wall clock moved by `/devnet/time`: where the next block's timestamp comes from. */
  get chainNow(): number {
    return Date.now() + this.#timeOffsetMs;
  }

  /** The next block lands at least `ms` after the later of the head block and the chain clock. */
  advanceTime(ms: number): void {
    const target = Math.max(this.chainNow, this.head.timestamp) + ms;
    this.#timeOffsetMs = target - Date.now();
    this.#changed();
  }

  block(numberOrId: number | string, view: ChainView): BlockRecord | undefined {
    const number = typeof numberOrId === 'number' ? numberOrId : this.#blockNumbersById.get(numberOrId);
    if (number === undefined) return undefined;
    if (number > (view === 'head' ? this.#headNumber : this.#solidNumber)) return undefined;
    return this.#blocks.get(number);
  }

  /** `head` includes pending transactions, as java-tron's `wallet/getaccount` does. */
  account(address: HexAddress, view: ChainView): Readonly<Account> | undefined {
    return this.#ledger(view).accounts.get(address);
  }

  /** The USDT contract's storage; `head` includes pending transactions, like `account`. */
  usdt(view: ChainView): TokenReader {
    return this.#ledger(view).usdt;
  }

  get usdtContract(): HexAddress {
    return DEVNET_USDT_CONTRACT_HEX;
  }

  get usdtSettings(): UsdtSettings {
    return this.#usdtSettings;
  }

  set usdtSettings(settings: UsdtSettings) {
    this.#usdtSettings = settings;
  }

  /**
   * Writes USDT straight into the contract's storage in every view at once, as a genesis
   * allocation would be: no transaction, no log, nothing to wait for.
   */
  mintUsdt(address: HexAddress, amount: bigint): void {
    // Every view holds the same supply, so the first mint refuses a bad amount before any changed.
    this.#confirmed.usdt.mint(address, amount);
    this.#pendingLedger.usdt.mint(address, amount);
    this.#solid.usdt.mint(address, amount);
    this.#changed();
  }

  transaction(txId: string, view: ChainView): Readonly<TransactionRecord> | undefined {
    const record = this.#transactions.get(txId) ?? this.#pending.find((pending) => pending.txId === txId);
    if (record === undefined || view === 'head') return record;
    return record.blockNumber !== null && record.blockNumber <= this.#solidNumber ? record : undefined;
  }

  /** TRX transfers from or to the address, pending ones included. */
  transactionsInvolving(address: HexAddress): readonly TransferRecord[] {
    const involves = (record: TransactionRecord): record is TransferRecord =>
      !isContractCall(record.effects) && (record.effects.owner === address || record.effects.to === address);
    return [...this.#transactions.values(), ...this.#pending].filter(involves);
  }

  /**
   * java-tron's order: expiration vs next slot, signature, TAPOS, expiration window, duplicates, then
   * execution. With `failure` the transfer is validated and accepted as usual but executes as
   * failed, in the pending view and in its block alike.
   */
  broadcast(transaction: DecodedTransaction, failure?: TransferFailure): BroadcastVerdict {
    const refusal = this.#admissionRefusal(transaction);
    if (refusal !== null) return { kind: 'refused', txId: transaction.txId, refusal };
    const effects = executeTransaction(
      this.#pendingLedger,
      { ...transaction, failure },
      this.head.timestamp,
      this.#rules(),
    );
    if ('code' in effects) return { kind: 'refused', txId: transaction.txId, refusal: effects };
    applyEffects(this.#pendingLedger, effects);
    this.#pending.push({
      txId: transaction.txId,
      rawData: transaction.rawData,
      rawDataHex: transaction.rawDataHex,
      signatures: transaction.signatures,
      expiration: transaction.expiration,
      bandwidthBytes: transaction.bandwidthBytes,
      contractType: transaction.contractType ?? '',
      effects,
      blockNumber: null,
      blockTimestamp: null,
    });
    this.#changed();
    return { kind: 'accepted', txId: transaction.txId };
  }

  /**
   * Seals the pending transactions into a new block. Each is executed again against the head, as
   * java-tron does when it builds a block: one that no longer passes (expired meanwhile, say) is
   * dropped and its pending effects vanish with it.
   */
  produceBlock(): BlockRecord {
    const parent = this.head;
    const timestamp = Math.max(
      parent.timestamp + this.#config.slotMs,
      alignDown(this.chainNow, this.#config.slotMs),
    );
    const work = cloneLedger(this.#confirmed);
    const included: TransactionRecord[] = [];
    for (const record of this.#pending) {
      const effects =
        record.expiration <= parent.timestamp
          ? refuse.expired()
          : executeTransaction(work, reexecution(record), parent.timestamp, this.#rules());
      if ('code' in effects) {
        this.#config.logger(`devnet: dropped ${record.txId} from the new block: ${effects.message}`);
        continue;
      }
      applyEffects(work, effects);
      included.push({ ...record, effects });
    }
    const block = sealBlock({
      number: parent.number + 1,
      parentHash: parent.blockId,
      timestamp,
      txIds: included.map((record) => record.txId),
      witness: this.witness,
    });
    for (const record of included) {
      record.blockNumber = block.number;
      record.blockTimestamp = block.timestamp;
      this.#transactions.set(record.txId, record);
    }
    this.#remember(block);
    this.#tapos.set(taposKey(block.number), taposHash(block.blockId));
    this.#headNumber = block.number;
    this.#confirmed = work;
    this.#pending = [];
    this.#pendingLedger = cloneLedger(work);
    this.#solidify();
    this.#forgetOldEmptyBlocks();
    this.#changed();
    return block;
  }

  snapshot(): ChainSnapshot {
    return {
      format: 'trx-shop-devnet/1',
      witness: this.witness,
      genesis: this.genesis,
      timeOffsetMs: this.#timeOffsetMs,
      headNumber: this.#headNumber,
      solidNumber: this.#solidNumber,
      blocks: [...this.#blocks.values()],
      tapos: Object.fromEntries(this.#tapos),
      confirmedAccounts: [...this.#confirmed.accounts.values()],
      solidAccounts: [...this.#solid.accounts.values()],
      confirmedUsdt: this.#confirmed.usdt.snapshot(),
      solidUsdt: this.#solid.usdt.snapshot(),
      transactions: [...this.#transactions.values()],
      pending: this.#pending,
    };
  }

  #admissionRefusal(transaction: DecodedTransaction): Refusal | null {
    const headTime = this.head.timestamp;
    if (transaction.contractCount === 0) return refuse.noContract();
    if (transaction.expiration < headTime + this.#config.slotMs) return refuse.expired();
    const signatureRefusal = this.#signatureRefusal(transaction);
    if (signatureRefusal !== null) return signatureRefusal;
    if (this.#tapos.get(transaction.refBlockBytes) !== transaction.refBlockHash) return refuse.tapos();
    if (transaction.expiration <= headTime || transaction.expiration > headTime + MAX_EXPIRATION_WINDOW_MS) {
      return refuse.expired();
    }
    if (this.transaction(transaction.txId, 'head') !== undefined) return refuse.duplicate();
    return null;
  }

  /** The owner permission of a plain account is its own key with threshold 1. */
  #signatureRefusal(transaction: DecodedTransaction): Refusal | null {
    if (transaction.signatures.length === 0) return refuse.signature('miss sig or contract');
    const signers = new Set<string>();
    for (const signature of transaction.signatures) {
      const check = recoverSigner(transaction.txId, signature);
      if (check.kind === 'malformed') return refuse.signature(check.detail);
      const signer = toBase58Address(check.address);
      if (check.address !== transaction.ownerAddress) {
        return refuse.signature(`${signature} is signed by ${signer} but it is not contained of permission.`);
      }
      if (signers.has(check.address)) return refuse.signature(`${signer} has signed twice!`);
      signers.add(check.address);
    }
    return null;
  }

  #repush(record: TransactionRecord): void {
    const effects = executeTransaction(
      this.#pendingLedger,
      reexecution(record),
      this.head.timestamp,
      this.#rules(),
    );
    if ('code' in effects) return;
    applyEffects(this.#pendingLedger, effects);
    this.#pending.push({ ...record, effects });
  }

  #solidify(): void {
    const target = Math.max(0, this.#headNumber - this.#config.solidDepth);
    while (this.#solidNumber < target) {
      this.#solidNumber += 1;
      for (const txId of this.#blocks.get(this.#solidNumber)?.txIds ?? []) {
        const record = this.#transactions.get(txId);
        if (record !== undefined) applyEffects(this.#solid, record.effects);
      }
    }
  }

  #forgetOldEmptyBlocks(): void {
    const old = this.#headNumber - KEPT_EMPTY_BLOCKS;
    const block = this.#blocks.get(old);
    if (old > 0 && old < this.#solidNumber && block !== undefined && block.txIds.length === 0) {
      this.#blocks.delete(old);
      this.#blockNumbersById.delete(block.blockId);
    }
  }

  #ledger(view: ChainView): Ledger {
    return view === 'head' ? this.#pendingLedger : this.#solid;
  }

  #rules(): ContractRules {
    return { fees: this.#config.fees, usdt: this.#usdtSettings, usdtContract: DEVNET_USDT_CONTRACT_HEX };
  }

  #remember(block: BlockRecord): void {
    this.#blocks.set(block.number, block);
    this.#blockNumbersById.set(block.blockId, block.number);
  }

  #blockAt(number: number): BlockRecord {
    const block = this.#blocks.get(number);
    if (block === undefined) throw new Error(`devnet: block ${number} is not kept`);
    return block;
  }

  #changed(): void {
    for (const listener of this.#listeners) listener();
  }
}
