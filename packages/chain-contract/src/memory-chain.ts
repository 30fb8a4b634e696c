import { randomBytes } from 'node:crypto';
import {
  type BlockTransfer,
  type BlockUsdtTransfer,
  type BroadcastOutcome,
  type ChainPort,
  domainError,
  type SignedTransfer,
  type SolidBlock,
  type Sun,
  type TransferLookup,
  type TransferRequest,
} from '@trx-shop/domain';
import { createMemoryUsdt, type MemoryUsdtOptions } from './memory-usdt.js';

/** What can go wrong with the next broadcast (the devnet's fault modes, same names). */
export type BroadcastFault = 'reject' | 'drop' | 'timeout' | 'accept-timeout';

/** java-tron's fees for a plain transfer to a new account: 0.1 TRX bandwidth + 1 TRX creation. */
export const NEW_ACCOUNT_FEE_SUN = 1_100_000;
/** TronWeb sets a transfer's expiration 60 s after the head block it references. */
const EXPIRATION_MS = 60_000;
/** The in-memory chain's own block 0: no public network's. */
export const MEMORY_GENESIS_BLOCK_ID = `${'0'.repeat(16)}${'ab'.repeat(24)}`;
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** Where funding comes from, as the devnet funds from its genesis account. */
export const MEMORY_GENESIS_ADDRESS = `T${'1'.repeat(33)}`;

interface Transfer {
  readonly txId: string;
  readonly from: string;
  readonly to: string;
  readonly amountSun: Sun;
  readonly feeSun: Sun;
  readonly expiresAt: number;
}

export interface MemoryChainControls {
  /** Credits an address from the genesis account, in a block of its own, at once solid. */
  fund(address: string, amountSun: Sun): void;
  /** A transfer from outside whose contract failed, in a block of its own: it moves nothing. */
  includeFailedTransfer(fromAddress: string, toAddress: string, amountSun: Sun): string;
  /** Includes every accepted transfer in a block and makes it solid. */
  confirm(): void;
  /** Creates USDT for an address, at once solid (throws when USDT is off). */
  mintUsdt(address: string, amount: number): void;
  /** The next broadcast misbehaves so. */
  inject(fault: BroadcastFault): void;
  /** false: every call fails as an unreachable node does. */
  setReachable(reachable: boolean): void;
  /** Moves chain time on (expiry is judged by it). */
  advanceTime(ms: number): void;
  /** Every TRX that exists: what funding created, what fees burned, what accounts hold. */
  supply(): { readonly mintedSun: Sun; readonly burnedSun: Sun; readonly heldSun: Sun };
}

export interface MemoryChainOptions {
  /** The token's energy model; null: USDT off (`chain.usdt` is null). */
  readonly usdt?: MemoryUsdtOptions | null;
}

/**
 * The chain port in memory, with the devnet's rules where the domain can see them: balances on
 * the solidified chain, unique txIDs for identical transfers, the new-account fee, duplicates
 * accepted, expiry by chain time, the same injectable faults, and USDT with the devnet's energy
 * model. Trusted only as far as the chain contract suite (which the TronWeb adapter against the
 * devnet passes too) proves it.
 */

export const createMemoryChain = (
  options: MemoryChainOptions = {},
): { chain: ChainPort; controls: MemoryChainControls } => {
  const balances = new Map<string, Sun>();
  const signed = new Map<string, Transfer>();
  const mempool = new Map<string, Transfer>();
  const included = new Map<string, Transfer & { blockNumber: number }>();
  let chainTime = Date.UTC(2026, 0, 1);
  let blockNumber = 1;
  const blocks = new Map<number, SolidBlock>();
  /** Produces the next block with `transfers` and the token's logs in it; every block is solid at once. */
  const produceBlock = (
    transfers: readonly BlockTransfer[],
    usdtTransfersOf: (number: number, time: Date) => readonly BlockUsdtTransfer[] = () => [],
  ) => {
    chainTime += 3_000;
    blockNumber += 1;
    const time = new Date(chainTime);
    blocks.set(blockNumber, {
      number: blockNumber,
      time,
      transfers,
      usdtTransfers: usdtTransfersOf(blockNumber, time),
    });
    return blockNumber;
  };
  const newTxId = () => {
    serial += 1;
    return `${randomBytes(28).toString('hex')}${serial.toString(16).padStart(8, '0')}`;
  };
  let reachable = true;
  let fault: BroadcastFault | null = null;
  let serial = 0;
  let mintedSun = 0;
  let burnedSun = 0;

  const requireNode = (operation: string) => {
    if (!reachable) throw domainError('CHAIN_UNAVAILABLE', `TRON node could not ${operation}: unreachable`);
  };
  const exists = (address: string) => balances.has(address);
  const feeOf = (request: TransferRequest): Sun => (exists(request.toAddress) ? 0 : NEW_ACCOUNT_FEE_SUN);
  const newAddress = () => `T${Array.from(randomBytes(33), (byte) => BASE58[byte % 58]).join('')}`;

  const isValidAddress = (address: string) => /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address);
  const token =
    options.usdt === null
      ? null
      : createMemoryUsdt(
          {
            trxBalance: (address) => balances.get(address) ?? 0,
            burn(address, sun) {
              balances.set(address, (balances.get(address) ?? 0) - sun);
              burnedSun += sun;
            },
            now: () => chainTime,
            newTxId,
            requireNode,
            expirationOf: (now) => now + EXPIRATION_MS,
          },
          isValidAddress,
          options.usdt,
        );

  const accept = (transfer: Transfer): BroadcastOutcome => {
    if (included.has(transfer.txId) || mempool.has(transfer.txId)) return { kind: 'accepted' };
    if (chainTime > transfer.expiresAt) {
      return {
        kind: 'rejected',
        code: 'TRANSACTION_EXPIRATION_ERROR',
        reason: 'transaction expired',
        failure: 'EXPIRED',
      };
    }
    const pendingOut = [...mempool.values()]
      .filter((other) => other.from === transfer.from)
      .reduce((sum, other) => sum + other.amountSun + other.feeSun, 0);
    if ((balances.get(transfer.from) ?? 0) - pendingOut < transfer.amountSun + transfer.feeSun) {
      return {
        kind: 'rejected',
        code: 'CONTRACT_VALIDATE_ERROR',
        reason: 'balance is not sufficient',
        failure: 'INSUFFICIENT_BALANCE',
      };
    }
    mempool.set(transfer.txId, transfer);
    return { kind: 'accepted' };
  };

  const chain: ChainPort = {
    async createWallet() {
      return { address: newAddress(), privateKey: randomBytes(32).toString('hex') };
    },
    isValidAddress,
    async getConfirmedBalance(address) {
      requireNode('read a balance');
      return balances.get(address) ?? 0;
    },
    async getUnconfirmedBalance(address) {
      requireNode('read a balance');
      let balance = balances.get(address) ?? 0;
      for (const transfer of mempool.values()) {
        if (transfer.from === address) balance -= transfer.amountSun + transfer.feeSun;
        if (transfer.to === address) balance += transfer.amountSun;
      }
      return balance;
    },
    async estimateTransferFee(request) {
      requireNode('estimate a fee');
      return { feeSun: feeOf(request), createsAccount: !exists(request.toAddress) };
    },
    async signTransfer(request, _privateKey): Promise<SignedTransfer> {
      requireNode('read the head block');
      const txId = newTxId();
      const transfer: Transfer = {
        txId,
        from: request.fromAddress,
        to: request.toAddress,
        amountSun: request.amountSun,
        feeSun: feeOf(request),
        expiresAt: chainTime + EXPIRATION_MS,
      };
      signed.set(txId, transfer);
      return {
        txId,
        signedTransaction: JSON.stringify({ txID: txId }),
        expiresAt: new Date(transfer.expiresAt),
      };
    },
    async broadcast(signedTransaction) {
      if (!reachable) return { kind: 'unknown', reason: 'the node could not be reached' };
      const { txID } = JSON.parse(signedTransaction) as { txID: string };
      const transfer = signed.get(txID);
      const isTokenCall = token?.signs(txID) ?? false;
      if (!transfer && !isTokenCall)
        return {
          kind: 'rejected',
          code: 'SIGERROR',
          reason: 'unknown transaction',
          failure: 'BROADCAST_REJECTED',
        };
      const armed = fault;
      fault = null;
      if (armed === 'reject')
        return {
          kind: 'rejected',
          code: 'OTHER_ERROR',
          reason: 'devnet fault: rejected',
          failure: 'BROADCAST_REJECTED',
        };
      if (armed === 'drop') return { kind: 'accepted' };
      if (armed === 'timeout') return { kind: 'unknown', reason: 'timeout' };
      const outcome = transfer ? accept(transfer) : (token?.accept(txID) ?? { kind: 'accepted' });
      return armed === 'accept-timeout' ? { kind: 'unknown', reason: 'timeout' } : outcome;
    },
    async lookupTransfer(txId): Promise<TransferLookup> {
      requireNode('look up a transaction');
      const found = included.get(txId);
      if (found)
        return { kind: 'confirmed', blockNumber: found.blockNumber, feeSun: found.feeSun, succeeded: true };
      return token?.lookup(txId) ?? { kind: 'not-found' };
    },
    async findTransaction(txId) {
      if (!/^[0-9a-fA-F]{64}$/.test(txId)) {
        throw domainError('VALIDATION_ERROR', 'a TRON transaction id is 64 hex characters');
      }
      requireNode('look up a transaction');
      const id = txId.toLowerCase();
      for (const block of blocks.values()) {
        const transfer = block.transfers.find((listed) => listed.txId === id);
        if (transfer) return { kind: 'solid', blockNumber: block.number, blockTime: block.time, transfer };
      }
      const call = token?.find(id);
      if (call) return call;
      return mempool.has(id) || token?.isPending(id) ? { kind: 'not-solid' } : { kind: 'unknown' };
    },
    async solidifiedHeadTime() {
      requireNode('read the solidified head');
      return new Date(chainTime);
    },
    async solidBlockNumber() {
      requireNode('read the solidified head');
      return blockNumber;
    },
    async solidBlock(number) {
      requireNode('read a solidified block');
      if (number > blockNumber) return null;
      return blocks.get(number) ?? { number, time: new Date(chainTime), transfers: [], usdtTransfers: [] };
    },
    async reachableSolidHead() {
      return reachable ? blockNumber : null;
    },
    async genesisBlockId() {
      requireNode('read the genesis block');
      return MEMORY_GENESIS_BLOCK_ID;
    },
    usdt: token?.usdt ?? null,
  };

  const controls: MemoryChainControls = {
    fund(address, amountSun) {
      balances.set(address, (balances.get(address) ?? 0) + amountSun);
      mintedSun += amountSun;
      produceBlock([
        {
          txId: newTxId(),
          fromAddress: MEMORY_GENESIS_ADDRESS,
          toAddress: address,
          amountSun,
          succeeded: true,
        },
      ]);
    },
    includeFailedTransfer(fromAddress, toAddress, amountSun) {
      const txId = newTxId();
      produceBlock([{ txId, fromAddress, toAddress, amountSun, succeeded: false }]);
      return txId;
    },
    confirm() {
      const transfers = [...mempool.values()];
      for (const transfer of transfers) {
        balances.set(
          transfer.from,
          (balances.get(transfer.from) ?? 0) - transfer.amountSun - transfer.feeSun,
        );
        balances.set(transfer.to, (balances.get(transfer.to) ?? 0) + transfer.amountSun);
        burnedSun += transfer.feeSun;
      }
      mempool.clear();
      const number = produceBlock(
        transfers.map((transfer) => ({
          txId: transfer.txId,
          fromAddress: transfer.from,
          toAddress: transfer.to,
          amountSun: transfer.amountSun,
          succeeded: true,
        })),
        // Token calls run after the block's TRX transfers, whose balances pay their energy.
        (next, time) => token?.include(next, time) ?? [],
      );
      for (const transfer of transfers) included.set(transfer.txId, { ...transfer, blockNumber: number });
    },
    mintUsdt(address, amount) {
      if (token === null) throw new Error('this memory chain runs with USDT off');
      token.mint(address, amount);
    },
    inject(next) {
      fault = next;
    },
    setReachable(next) {
      reachable = next;
    },
    advanceTime(ms) {
      chainTime += ms;
    },
    supply() {
      let heldSun = 0;
      for (const balance of balances.values()) heldSun += balance;
      return { mintedSun, burnedSun, heldSun };
    },
  };
  return { chain, controls };
};
