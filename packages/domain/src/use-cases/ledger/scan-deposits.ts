import { recordEvents } from '../../events/record-events.js';
import type { BlockTransfer, ChainPort, SolidBlock } from '../../ports/chain.port.js';
import type { Clock, IdGenerator, Logger } from '../../ports/runtime.port.js';
import type { ShopStore } from '../../ports/shop-store.port.js';
import { depositLine } from '../../transactions/deposit-line.js';

/** The cursor's name in the store: the last block whose deposits are all recorded. */
export const DEPOSIT_CURSOR = 'deposits';
/** The first block the scanner covered, kept for reconciliation (its block range starts there). */
export const DEPOSIT_ORIGIN_CURSOR = 'deposits-origin';
/**
 * When the scanner first ran, in epoch milliseconds of the service's clock: a wallet the service
 * created later was born empty, so reconciliation knows its opening balance is 0.
 */
export const DEPOSIT_ORIGIN_TIME_CURSOR = 'deposits-origin-time';

export interface ScanDepositsDeps {
  readonly store: Pick<ShopStore, 'chainCursors' | 'users' | 'transactions'>;
  readonly chain: Pick<ChainPort, 'solidBlockNumber' | 'solidBlock'>;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly logger: Logger;
}

export interface ScanDepositsOptions {
  /** At most this many blocks per run, so a catch-up after downtime stays bounded and resumable. */
  readonly maxBlocks: number;
  /**
   * The first block to scan when no cursor exists yet; null starts at the current solidified head
   * (an existing chain is not rescanned).
   */
  readonly startBlock: number | null;
}

export interface ScanDepositsReport {
  readonly scannedBlocks: number;
  readonly depositsRecorded: number;
  /** The last block scanned (the cursor), and how far it is behind the solidified head. */
  readonly cursor: number;
  readonly lagBlocks: number;
}

interface Deposit {
  readonly block: SolidBlock;
  readonly transfer: BlockTransfer;
  readonly ownerId: string;
}

/**
 * The deposits of a run of blocks: successful TRX transfers into a wallet the service holds that
 * are not already a ledger line of the receiving side (a payment is the merchant's purchase line, a
 * refund the customer's refund line; a withdrawal is only the sender's line, so its recipient gets
 * a deposit). One batched owner lookup and one batched txID lookup for the whole run.
 */
const depositsOf = async (deps: ScanDepositsDeps, blocks: readonly SolidBlock[]): Promise<Deposit[]> => {
  const succeeded = blocks.flatMap((block) =>
    block.transfers.filter((transfer) => transfer.succeeded).map((transfer) => ({ block, transfer })),
  );
  if (succeeded.length === 0) return [];
  const holders = await deps.store.users.walletHolders([
    ...new Set(succeeded.map(({ transfer }) => transfer.toAddress)),
  ]);
  const ownerOf = new Map(holders.map((holder) => [holder.address, holder.userId]));
  const incoming = succeeded.filter(({ transfer }) => ownerOf.has(transfer.toAddress));
  if (incoming.length === 0) return [];
  const sent = await deps.store.transactions.findByHashes(incoming.map(({ transfer }) => transfer.txId));
  const receivedAlready = new Set(
    sent
      .filter((line) => line.type === 'purchase' || line.type === 'refund')
      .map((line) => line.transactionHash),
  );
  return incoming
    .filter(({ transfer }) => !receivedAlready.has(transfer.txId))
    .map(({ block, transfer }) => ({ block, transfer, ownerId: ownerOf.get(transfer.toAddress) as string }));
};

/** Records the blocks' deposits in one write; answers how many were new (a rescan finds them recorded). */
const recordBlocks = async (deps: ScanDepositsDeps, blocks: readonly SolidBlock[]): Promise<number> => {
  const deposits = (await depositsOf(deps, blocks)).map((deposit) => ({
    ...deposit,
    line: depositLine({
      id: deps.ids.newId(),
      userId: deposit.ownerId,
      transfer: deposit.transfer,
      block: deposit.block,
      now: deps.clock.now(),
    }),
  }));
  if (deposits.length === 0) return 0;
  // The insert is idempotent on (txID, receiving wallet): a rescan, a restart or a second
  // scanner finds the line there, and only the one that inserted it logs `deposit.received`.
  const events = recordEvents(deps.ids, deps.clock.now());
  const outcomes = await deps.store.transactions.insertMany(
    deposits.map(({ line }) => line),
    deposits.map(({ line }) => [events.depositReceived(line)]),
  );
  return outcomes.filter((outcome) => outcome === 'inserted').length;
};

/** The first run's cursor: set once in the store (a concurrent first run may have set it first). */
const startCursor = async (deps: ScanDepositsDeps, head: number, options: ScanDepositsOptions) => {
  const start = options.startBlock === null ? head : options.startBlock - 1;
  const now = deps.clock.now();
  // The origin first: a crash in between leaves no cursor, so the next run sets them all.
  await deps.store.chainCursors.advance(DEPOSIT_ORIGIN_TIME_CURSOR, null, now.getTime(), now);
  await deps.store.chainCursors.advance(DEPOSIT_ORIGIN_CURSOR, null, start + 1, now);
  await deps.store.chainCursors.advance(DEPOSIT_CURSOR, null, start, now);
  return (await deps.store.chainCursors.read(DEPOSIT_CURSOR)) ?? start;
};

/**
 * Blocks recorded in one write and passed by one cursor move. A commit costs far more than a
 * row (every index page a row touches is written again), so a catch-up writes a few blocks at
 * a time; a steady scanner at the head sees one new block per run anyway.
 */
const BLOCKS_PER_WRITE = 4;
/** Blocks requested before they are needed: the node works on them while the store records. */
const BLOCK_READ_AHEAD = 2 * BLOCKS_PER_WRITE;

/**
 * Reads blocks `first..last` in order with up to BLOCK_READ_AHEAD requests in flight, so a
 * catch-up waits on the node's round trips only once rather than once per block. Memory stays
 * at a few blocks; whatever is left unread when the run stops is dropped.
 */
const readAhead = (chain: ScanDepositsDeps['chain'], first: number, last: number) => {
  const requested = new Map<number, Promise<SolidBlock | null>>();
  let nextToRequest = first;
  const take = (number: number): Promise<SolidBlock | null> => {
    while (nextToRequest <= Math.min(last, number + BLOCK_READ_AHEAD - 1)) {
      const reading = chain.solidBlock(nextToRequest);
      // A read that fails after the run has stopped must not surface as an unhandled rejection.
      reading.catch(() => undefined);
      requested.set(nextToRequest, reading);
      nextToRequest += 1;
    }
    const reading = requested.get(number) ?? chain.solidBlock(number);
    requested.delete(number);
    return reading;
  };
  return {
    /**
     * The next blocks from `from`, at most BLOCKS_PER_WRITE and never past `last`; it stops
     * before the first block the node does not serve yet (tried again next run, never skipped).
     */
    nextBatch: async (from: number): Promise<SolidBlock[]> => {
      const batch: SolidBlock[] = [];
      for (let number = from; number <= Math.min(last, from + BLOCKS_PER_WRITE - 1); number += 1) {
        const block = await take(number);
        if (block === null) break;
        batch.push(block);
      }
      return batch;
    },
    abandon: () => requested.clear(),
  };
};

/**
 * Follows the solidified chain block by block from the cursor in the store, recording deposits.
 * Each block's lines are written before the cursor moves past it, so a crash in between rescans
 * that block (finding its lines recorded) and no block is ever skipped. Two scanners at once
 * record nothing twice; the one whose cursor move fails stops, the other carries on.
 */
export const scanDeposits = async (
  deps: ScanDepositsDeps,
  options: ScanDepositsOptions,
): Promise<ScanDepositsReport> => {
  const { chainCursors } = deps.store;
  const head = await deps.chain.solidBlockNumber();
  let cursor: number = (await chainCursors.read(DEPOSIT_CURSOR)) ?? (await startCursor(deps, head, options));
  let scannedBlocks = 0;
  let depositsRecorded = 0;
  const last = Math.min(head, cursor + options.maxBlocks);
  const blocks = readAhead(deps.chain, cursor + 1, last);
  try {
    while (cursor < last) {
      const batch = await blocks.nextBatch(cursor + 1);
      const through = batch.at(-1)?.number;
      if (through === undefined) break;
      depositsRecorded += await recordBlocks(deps, batch);
      if (!(await chainCursors.advance(DEPOSIT_CURSOR, cursor, through, deps.clock.now()))) break;
      cursor = through;
      scannedBlocks += batch.length;
    }
  } finally {
    blocks.abandon();
  }
  return { scannedBlocks, depositsRecorded, cursor, lagBlocks: Math.max(0, head - cursor) };
};
