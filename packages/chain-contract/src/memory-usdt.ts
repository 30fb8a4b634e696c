import {
  type BlockUsdtTransfer,
  type BroadcastOutcome,
  type ChainTransaction,
  type ContractReceipt,
  domainError,
  type SignedTransfer,
  type Sun,
  type TransferLookup,
  type UsdtChain,
  type UsdtUnits,
  usdtFeeLimitSun,
} from '@trx-shop/domain';

/** The in-memory token's address: any valid-looking base58 address, owned by no network. */
export const MEMORY_USDT_CONTRACT = `TMemoryUsdtContract${'1'.repeat(15)}`;

/** The token's energy and price, as java-tron bills a transfer (tron-trc20.md section 3). */
export interface MemoryUsdtOptions {
  /** `getEnergyFee`: SUN burned per unit of energy; default 100. */
  readonly energyFeeSun?: number;
  /** Energy of a transfer to an address that holds the token; default 64,285. */
  readonly holderEnergy?: number;
  /** Energy of a transfer to an address that holds none (a storage slot set from zero); default 130,285. */
  readonly nonHolderEnergy?: number;
  /** Energy a transfer beyond the sender’s tokens uses before it reverts; default 4,000, as the devnet guesses it. */
  readonly revertEnergy?: number;
  /** The largest `fee_limit` the service signs (USDT_FEE_LIMIT_TRX); default 100 TRX. */
  readonly feeLimitCapSun?: Sun;
}

/** A signed transfer's bandwidth, as a TronWeb-built USDT transfer measures (tron-trc20.md 1b.6). */
export const MEMORY_USDT_BANDWIDTH_BYTES = 345;

/** What the in-memory chain lends its token: TRX accounts, chain time and txIDs. */
export interface MemoryLedger {
  trxBalance(address: string): Sun;
  /** Takes `sun` from the address's TRX and destroys it. */
  burn(address: string, sun: Sun): void;
  now(): number;
  newTxId(): string;
  requireNode(operation: string): void;
  expirationOf(now: number): number;
}

interface TokenCall {
  readonly txId: string;
  readonly from: string;
  readonly to: string;
  readonly amount: UsdtUnits;
  readonly feeLimitSun: Sun;
  readonly expiresAt: number;
}

interface ExecutedCall {
  readonly blockNumber: number;
  readonly blockTime: Date;
  readonly receipt: ContractReceipt;
}

const requireAddressOf = (isValidAddress: (address: string) => boolean, address: string, role: string) => {
  if (!isValidAddress(address)) throw domainError('INVALID_ADDRESS', `${role} is not a TRON base58 address`);
};

/**
 * The token in memory, with the devnet's energy model: the energy limit is the sender's TRX or
 * the fee limit, whichever is less, at the energy price; a transfer beyond the sender's tokens
 * reverts after a little energy, one beyond the limit runs out of energy and takes all of it,
 * and every outcome burns its energy as TRX. Calls execute when the chain includes them.
 */
export const createMemoryUsdt = (
  ledger: MemoryLedger,
  isValidAddress: (address: string) => boolean,
  options: MemoryUsdtOptions = {},
) => {
  const price = options.energyFeeSun ?? 100;
  const holderEnergy = options.holderEnergy ?? 64_285;
  const nonHolderEnergy = options.nonHolderEnergy ?? 130_285;
  const revertEnergy = options.revertEnergy ?? 4_000;
  const feeLimitCapSun = options.feeLimitCapSun ?? 100_000_000;
  const solidTokens = new Map<string, UsdtUnits>();
  const signed = new Map<string, TokenCall>();
  const pending = new Map<string, TokenCall>();
  const executed = new Map<string, ExecutedCall>();

  /** Runs one call against `tokens` (changed in place) and says what it did. */
  const run = (call: TokenCall, tokens: Map<string, UsdtUnits>, txId: string): ContractReceipt => {
    const limit = Math.floor(Math.min(ledger.trxBalance(call.from), call.feeLimitSun) / price);
    const held = tokens.get(call.from) ?? 0;
    const need = (tokens.get(call.to) ?? 0) > 0 ? holderEnergy : nonHolderEnergy;
    const outcome = (result: string, energyUsed: number, moved: boolean): ContractReceipt => ({
      result,
      energyUsed,
      energyFeeSun: energyUsed * price,
      bandwidthUsed: MEMORY_USDT_BANDWIDTH_BYTES,
      bandwidthFeeSun: 0,
      usdtTransfers: moved
        ? [{ txId, logIndex: 0, fromAddress: call.from, toAddress: call.to, amount: call.amount }]
        : [],
    });
    if (held < call.amount) {
      return revertEnergy > limit
        ? outcome('OUT_OF_ENERGY', limit, false)
        : outcome('REVERT', revertEnergy, false);
    }
    if (need > limit) return outcome('OUT_OF_ENERGY', limit, false);
    tokens.set(call.from, held - call.amount);
    tokens.set(call.to, (tokens.get(call.to) ?? 0) + call.amount);
    return outcome('SUCCESS', need, true);
  };

  /** Head state: the solid tokens with every accepted call applied, in order. */
  const headTokens = () => {
    const tokens = new Map(solidTokens);
    for (const call of pending.values()) run(call, tokens, call.txId);
    return tokens;
  };

  const requireRequest = (request: { fromAddress: string; toAddress: string; amount: UsdtUnits }) => {
    requireAddressOf(isValidAddress, request.fromAddress, 'sender address');
    requireAddressOf(isValidAddress, request.toAddress, 'recipient address');
    if (request.fromAddress === request.toAddress) {
      throw domainError('VALIDATION_ERROR', 'a USDT transfer needs a recipient other than its sender');
    }
    if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
      throw domainError('VALIDATION_ERROR', 'USDT amount must be a positive whole number of base units');
    }
  };

  const usdt: UsdtChain = {
    contractAddress: MEMORY_USDT_CONTRACT,
    async tokenInfo() {
      ledger.requireNode('read the token');
      return { symbol: 'USDT', decimals: 6 };
    },
    async getConfirmedBalance(address) {
      ledger.requireNode('read a USDT balance');
      requireAddressOf(isValidAddress, address, 'address');
      return solidTokens.get(address) ?? 0;
    },
    async getUnconfirmedBalance(address) {
      ledger.requireNode('read a USDT balance');
      requireAddressOf(isValidAddress, address, 'address');
      return headTokens().get(address) ?? 0;
    },
    async estimateTransferFee(request) {
      requireRequest(request);
      ledger.requireNode('estimate a USDT fee');
      const recipientHoldsUsdt = (headTokens().get(request.toAddress) ?? 0) > 0;
      const energy = recipientHoldsUsdt ? holderEnergy : nonHolderEnergy;
      return {
        feeSun: energy * price,
        energy,
        bandwidthBytes: MEMORY_USDT_BANDWIDTH_BYTES,
        recipientHoldsUsdt,
        feeLimitSun: usdtFeeLimitSun(energy * price, feeLimitCapSun),
      };
    },
    async signTransfer(request, _privateKey): Promise<SignedTransfer> {
      requireRequest(request);
      if (!Number.isSafeInteger(request.feeLimitSun) || request.feeLimitSun <= 0) {
        throw domainError('VALIDATION_ERROR', 'a fee limit is a positive whole number of SUN');
      }
      if (request.feeLimitSun > feeLimitCapSun) {
        throw domainError(
          'VALIDATION_ERROR',
          `the fee limit is above the configured cap of ${feeLimitCapSun} SUN`,
        );
      }
      ledger.requireNode('read the head block');
      const txId = ledger.newTxId();
      const call: TokenCall = {
        txId,
        from: request.fromAddress,
        to: request.toAddress,
        amount: request.amount,
        feeLimitSun: request.feeLimitSun,
        expiresAt: ledger.expirationOf(ledger.now()),
      };
      signed.set(txId, call);
      return { txId, signedTransaction: JSON.stringify({ txID: txId }), expiresAt: new Date(call.expiresAt) };
    },
  };

  return {
    usdt,
    /** Whether `txId` is a token call this chain signed. */
    signs: (txId: string): boolean => signed.has(txId),
    /** Like a broadcast of a TriggerSmartContract: the token balance is never judged here. */
    accept(txId: string): BroadcastOutcome {
      const call = signed.get(txId);
      if (call === undefined) {
        return {
          kind: 'rejected',
          code: 'SIGERROR',
          reason: 'unknown transaction',
          failure: 'BROADCAST_REJECTED',
        };
      }
      if (executed.has(txId) || pending.has(txId)) return { kind: 'accepted' };
      if (ledger.now() > call.expiresAt) {
        return {
          kind: 'rejected',
          code: 'TRANSACTION_EXPIRATION_ERROR',
          reason: 'transaction expired',
          failure: 'EXPIRED',
        };
      }
      pending.set(txId, call);
      return { kind: 'accepted' };
    },
    isPending: (txId: string): boolean => pending.has(txId),
    /** Executes every accepted call into block `number`; answers the token's logs, in order. */
    include(blockNumber: number, blockTime: Date): BlockUsdtTransfer[] {
      const logs: BlockUsdtTransfer[] = [];
      for (const call of pending.values()) {
        const receipt = run(call, solidTokens, call.txId);
        ledger.burn(call.from, receipt.energyFeeSun + receipt.bandwidthFeeSun);
        executed.set(call.txId, { blockNumber, blockTime, receipt });
        logs.push(...receipt.usdtTransfers);
      }
      pending.clear();
      return logs;
    },
    lookup(txId: string): TransferLookup | null {
      const call = executed.get(txId);
      if (call === undefined) return null;
      const { receipt } = call;
      return {
        kind: 'confirmed',
        blockNumber: call.blockNumber,
        feeSun: receipt.energyFeeSun + receipt.bandwidthFeeSun,
        succeeded: receipt.result === 'SUCCESS' && receipt.usdtTransfers.length > 0,
        receipt,
      };
    },
    find(txId: string): ChainTransaction | null {
      const call = executed.get(txId);
      if (call === undefined) return null;
      return {
        kind: 'solid',
        blockNumber: call.blockNumber,
        blockTime: call.blockTime,
        transfer: null,
        receipt: call.receipt,
      };
    },
    /** Creates tokens for `address` (the test's faucet), at once solid; no log, as a mint outside the chain. */
    mint(address: string, amount: UsdtUnits): void {
      solidTokens.set(address, (solidTokens.get(address) ?? 0) + amount);
    },
  };
};

export type MemoryUsdt = ReturnType<typeof createMemoryUsdt>;
