import type { HexAddress } from './addresses.js';
import type { JsonObject } from './signed-transaction.js';
import { TokenBalances, type TokenSnapshot } from './trc20-token.js';

/** The fields of java-tron's `protocol.Account` a TRX-only devnet changes. */
export interface Account {
  readonly address: HexAddress;
  balance: number;
  readonly createTime: number;
  latestOperationTime: number;
  freeNetUsage: number;
  latestConsumeFreeTime: number;
}

export type AccountBook = Map<HexAddress, Account>;

export const cloneBook = (book: AccountBook): AccountBook =>
  new Map([...book].map(([address, account]) => [address, { ...account }]));

export const bookFromList = (accounts: readonly Account[]): AccountBook =>
  new Map(accounts.map((account) => [account.address, { ...account }]));

/** One view of the world state: TRX accounts and the USDT contract's storage. */
export interface Ledger {
  readonly accounts: AccountBook;
  readonly usdt: TokenBalances;
}

export const cloneLedger = (ledger: Ledger): Ledger => ({
  accounts: cloneBook(ledger.accounts),
  usdt: ledger.usdt.clone(),
});

/** A state file written before the token existed holds no USDT storage: an empty one. */
export const ledgerFrom = (accounts: readonly Account[], usdt: TokenSnapshot | undefined): Ledger => ({
  accounts: bookFromList(accounts),
  usdt: usdt === undefined ? TokenBalances.empty() : TokenBalances.fromSnapshot(usdt),
});

/**
 * How a transfer included in a block failed (the `fail-in-block` fault). `contractRet` is
 * java-tron's `Transaction.Result.contractResult`; `message` the runtime error its
 * `gettransactioninfobyid` answers hex-encoded as `resMessage`.
 */
export interface TransferFailure {
  readonly contractRet: 'TRANSFER_FAILED';
  readonly message: string;
}

/** What executing one TransferContract did, kept so the solidified view can replay it. */
export interface TransferEffects {
  readonly owner: HexAddress;
  readonly to: HexAddress;
  readonly amount: number;
  /** Bytes drawn from the owner's free daily bandwidth (receipt `net_usage`). */
  readonly netUsage: number;
  /** SUN burned for bandwidth, or the 0.1 TRX burned instead when the recipient is new (receipt `net_fee`). */
  readonly netFee: number;
  /** The 1 TRX TransferContract burns when it activates the recipient. */
  readonly createAccountFee: number;
  readonly createsAccount: boolean;
  /** Head block time at execution: java-tron's "now" for bandwidth and account timestamps. */
  readonly operationTime: number;
  readonly ownerFreeNetUsage: number;
  readonly ownerLatestConsumeFreeTime: number;
  /**
   * Set when the contract failed: then only the bandwidth bill is paid. Optional so that state
   * files written before failures existed still read as successes.
   */
  readonly failure?: TransferFailure;
}

/** `Transaction.Result.contractResult` values a USDT call can end with. */
export type ContractCallResult = 'SUCCESS' | 'REVERT' | 'OUT_OF_ENERGY';

/** A TVM event log; `address` keeps the 0x41 prefix here, java-tron prints it without. */
export interface EventLog {
  readonly address: HexAddress;
  readonly topics: readonly string[];
  readonly data: string;
}

/** What executing one TriggerSmartContract did, kept so the solidified view can replay it. */
export interface ContractCallEffects {
  readonly kind: 'contract-call';
  readonly owner: HexAddress;
  readonly contract: HexAddress;
  /** Bytes drawn from the owner's free daily bandwidth (receipt `net_usage`). */
  readonly netUsage: number;
  /** SUN burned for bandwidth (receipt `net_fee`). */
  readonly netFee: number;
  readonly operationTime: number;
  readonly ownerFreeNetUsage: number;
  readonly ownerLatestConsumeFreeTime: number;
  /** Energy the call used: all of its limit when it ran out (receipt `energy_usage_total`). */
  readonly energyUsageTotal: number;
  /** SUN burned for that energy: nobody stakes on the devnet (receipt `energy_fee`). */
  readonly energyFee: number;
  readonly energyPenaltyTotal: number;
  readonly result: ContractCallResult;
  /** java-tron's runtime error of a failed call, answered hex-encoded as `resMessage`. */
  readonly runtimeError?: string;
  /** Hex return data (`contractResult[0]`): the revert reason's encoding for a REVERT. */
  readonly returnData: string;
  readonly logs: readonly EventLog[];
  /** The USDT a successful transfer moved, amount as decimal text (it outgrows a JSON number). */
  readonly tokenTransfer: {
    readonly from: HexAddress;
    readonly to: HexAddress;
    readonly amount: string;
  } | null;
}

/** Records written before contract calls existed have no `kind`: they are TRX transfers. */
export type ExecutionEffects = TransferEffects | ContractCallEffects;

export const isContractCall = (effects: ExecutionEffects): effects is ContractCallEffects =>
  'kind' in effects && effects.kind === 'contract-call';

export interface TransactionRecord {
  readonly txId: string;
  readonly rawData: JsonObject;
  readonly rawDataHex: string;
  readonly signatures: readonly string[];
  readonly expiration: number;
  readonly bandwidthBytes: number;
  readonly contractType: string;
  effects: ExecutionEffects;
  blockNumber: number | null;
  blockTimestamp: number | null;
}

export interface BlockRecord {
  readonly number: number;
  readonly blockId: string;
  readonly parentHash: string;
  readonly timestamp: number;
  readonly txTrieRoot: string;
  readonly witnessAddress: HexAddress;
  readonly witnessSignature: string;
  readonly version: number;
  readonly txIds: readonly string[];
}

export interface KeyPair {
  readonly privateKey: string;
  readonly address: HexAddress;
}

/** The persisted form: everything a restart needs to continue the same chain. */
export interface ChainSnapshot {
  readonly format: 'trx-shop-devnet/1';
  readonly witness: KeyPair;
  readonly genesis: KeyPair;
  readonly timeOffsetMs: number;
  readonly headNumber: number;
  readonly solidNumber: number;
  readonly blocks: readonly BlockRecord[];
  /** TAPOS: last two bytes of a block number -> bytes 8..15 of that block's id, as RecentBlockStore keeps it. */
  readonly tapos: Readonly<Record<string, string>>;
  readonly confirmedAccounts: readonly Account[];
  readonly solidAccounts: readonly Account[];
  /** The USDT contract's storage at the head block and at the solid block (absent in older files). */
  readonly confirmedUsdt?: TokenSnapshot;
  readonly solidUsdt?: TokenSnapshot;
  readonly transactions: readonly TransactionRecord[];
  readonly pending: readonly TransactionRecord[];
}
