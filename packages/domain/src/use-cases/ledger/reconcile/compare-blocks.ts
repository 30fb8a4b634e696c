import type { BlockTransfer, SolidBlock } from '../../../ports/chain.port.js';
import type { TransactionRecord } from '../../../transactions/transaction.js';
import type { TransactionType } from '../../../transactions/transaction-status.js';
import type { DiscrepancyLog } from './discrepancy-log.js';
import type { ReconcileDeps } from './reconcile-deps.js';

/** Blocks read and compared together: one owner lookup and one ledger lookup per batch. */
const BLOCKS_PER_BATCH = 20;
/** Block reads in flight at once. */
const READ_CONCURRENCY = 8;

/** Lines that stand for a transfer's sending side (a fee is the sender's too, but has its own amount). */
const SENDING_TYPES: readonly TransactionType[] = ['purchase', 'refund', 'withdrawal'];
/** Lines that stand for a transfer's receiving side (a withdrawal's held recipient has a deposit). */
const RECEIVING_TYPES: readonly TransactionType[] = ['purchase', 'refund', 'deposit'];

export interface BlockComparison {
  /** The last block compared (blocks the node does not serve yet end the run early). */
  readonly through: number;
  readonly transfersChecked: number;
  /** Every txID the blocks hold that touches a held wallet: the lines of the range need no lookup. */
  readonly seenTxIds: ReadonlySet<string>;
  /** Held wallets that sent or received in the blocks. */
  readonly activeAddresses: ReadonlySet<string>;
  /** Held wallets with a transfer the ledger still has pending: their balance waits for a later run. */
  readonly inFlightAddresses: ReadonlySet<string>;
}

const readBlocks = async (deps: ReconcileDeps, from: number, to: number): Promise<SolidBlock[]> => {
  const blocks: SolidBlock[] = [];
  for (let start = from; start <= to; start += READ_CONCURRENCY) {
    const numbers = Array.from(
      { length: Math.min(READ_CONCURRENCY, to - start + 1) },
      (_, index) => start + index,
    );
    const read = await Promise.all(numbers.map((number) => deps.chain.solidBlock(number)));
    for (const block of read) {
      if (block === null) return blocks;
      blocks.push(block);
    }
  }
  return blocks;
};

const sun = (value: number): string => String(value);

/** A line with this transfer's txID must describe it: same amount, sender and recipient. */
const compareLine = (
  log: DiscrepancyLog,
  line: TransactionRecord,
  transfer: BlockTransfer,
  block: number,
) => {
  const base = { txHash: transfer.txId, transactionId: line.id, blockNumber: block };
  if (!transfer.succeeded) {
    if (line.status === 'confirmed') {
      log.add({
        ...base,
        kind: 'failed-on-chain',
        address: line.type === 'deposit' ? line.toAddress : line.fromAddress,
        field: 'status',
        ledger: 'confirmed',
        chain: 'failed',
        detail: `the ledger's ${line.type} line is confirmed, but the transfer failed on chain`,
      });
    }
    return;
  }
  const differences = [
    { field: 'amount' as const, ledger: sun(line.amountSun), chain: sun(transfer.amountSun) },
    { field: 'sender' as const, ledger: line.fromAddress, chain: transfer.fromAddress },
    // A withdrawal line names its recipient even outside the service; a deposit line is the recipient's.
    { field: 'recipient' as const, ledger: line.toAddress, chain: transfer.toAddress },
  ].filter((difference) => difference.ledger !== difference.chain);
  for (const difference of differences) {
    log.add({
      ...base,
      ...difference,
      kind: 'mismatch',
      // The held wallet the line belongs to: a deposit is the recipient's, any other the sender's.
      address:
        difference.field === 'recipient' || line.type === 'deposit'
          ? transfer.toAddress
          : transfer.fromAddress,
      detail: `the ledger's ${line.type} line and the transfer disagree on ${difference.field}`,
    });
  }
};

/**
 * One side of a successful transfer touching a held wallet must be in the ledger: a confirmed line
 * of the right type. A pending one is still in the listener's hands (not a discrepancy yet).
 */
const checkSide = (
  log: DiscrepancyLog,
  side: {
    readonly name: 'sender' | 'recipient';
    readonly address: string;
    readonly types: readonly TransactionType[];
  },
  lines: readonly TransactionRecord[],
  transfer: BlockTransfer,
  block: number,
): 'recorded' | 'in-flight' | 'missing' => {
  // A line whose address was altered still stands for its side: compareLine reports the alteration.
  const ofSide = lines.filter((line) => side.types.includes(line.type));
  if (ofSide.some((line) => line.status === 'confirmed')) return 'recorded';
  if (ofSide.some((line) => line.status === 'pending')) return 'in-flight';
  const failedLine = ofSide.find((line) => line.status === 'failed');
  log.add({
    kind: 'missing-from-ledger',
    txHash: transfer.txId,
    transactionId: failedLine?.id ?? null,
    address: side.address,
    blockNumber: block,
    field: 'status',
    ledger: failedLine ? 'failed' : 'absent',
    chain: 'succeeded',
    detail: failedLine
      ? `the transfer succeeded on chain, but the ledger marks its ${failedLine.type} line failed (${side.name})`
      : `no ledger line for the ${side.name} of a transfer of ${transfer.amountSun} SUN from ${transfer.fromAddress} to ${transfer.toAddress}`,
  });
  return 'missing';
};

/**
 * Sets every TRX transfer of blocks `from..to` that touches a held wallet beside the ledger:
 * the lines with its txID must describe it, and each held side of a successful one must have a
 * confirmed line; a failed one must have none confirmed.
 */
export const compareBlocks = async (
  deps: ReconcileDeps,
  blocks: { readonly from: number; readonly to: number },
  log: DiscrepancyLog,
): Promise<BlockComparison> => {
  const seenTxIds = new Set<string>();
  const activeAddresses = new Set<string>();
  const inFlightAddresses = new Set<string>();
  let transfersChecked = 0;
  let through = blocks.from - 1;
  for (let start = blocks.from; start <= blocks.to; start += BLOCKS_PER_BATCH) {
    const batch = await readBlocks(deps, start, Math.min(blocks.to, start + BLOCKS_PER_BATCH - 1));
    const transfers = batch.flatMap((block) =>
      block.transfers.map((transfer) => ({ block: block.number, transfer })),
    );
    const addresses = [
      ...new Set(transfers.flatMap(({ transfer }) => [transfer.fromAddress, transfer.toAddress])),
    ];
    const held = new Set(
      addresses.length === 0
        ? []
        : (await deps.store.users.walletHolders(addresses)).map((holder) => holder.address),
    );
    const touching = transfers.filter(
      ({ transfer }) => held.has(transfer.fromAddress) || held.has(transfer.toAddress),
    );
    const lines =
      touching.length === 0
        ? []
        : await deps.store.transactions.listByHashes(touching.map(({ transfer }) => transfer.txId));
    const linesOf = new Map<string, TransactionRecord[]>();
    for (const line of lines) {
      if (line.type === 'fee') continue;
      linesOf.set(line.transactionHash, [...(linesOf.get(line.transactionHash) ?? []), line]);
    }
    for (const { block, transfer } of touching) {
      transfersChecked += 1;
      seenTxIds.add(transfer.txId);
      const own = linesOf.get(transfer.txId) ?? [];
      for (const line of own) compareLine(log, line, transfer, block);
      if (!transfer.succeeded) continue;
      const sides = [
        { name: 'sender' as const, address: transfer.fromAddress, types: SENDING_TYPES },
        { name: 'recipient' as const, address: transfer.toAddress, types: RECEIVING_TYPES },
      ].filter((side) => held.has(side.address));
      for (const side of sides) {
        activeAddresses.add(side.address);
        if (checkSide(log, side, own, transfer, block) === 'in-flight') inFlightAddresses.add(side.address);
      }
    }
    through = batch.at(-1)?.number ?? through;
    if (batch.length < Math.min(blocks.to, start + BLOCKS_PER_BATCH - 1) - start + 1) break;
  }
  return { through, transfersChecked, seenTxIds, activeAddresses, inFlightAddresses };
};
