import type { TransactionRecord } from '../../../transactions/transaction.js';
import type { DiscrepancyLog } from './discrepancy-log.js';
import type { ReconcileDeps } from './reconcile-deps.js';

const PAGE = 500;

/** Looks up on chain a confirmed line whose txID the compared blocks did not hold. */
const checkUnseenLine = async (deps: ReconcileDeps, line: TransactionRecord, log: DiscrepancyLog) => {
  const base = {
    txHash: line.transactionHash,
    transactionId: line.id,
    address: line.type === 'deposit' ? line.toAddress : line.fromAddress,
    blockNumber: line.blockNumber,
  };
  const found = await deps.chain.findTransaction(line.transactionHash);
  if (found.kind !== 'solid' || found.transfer === null) {
    log.add({
      ...base,
      kind: 'not-on-chain',
      field: 'status',
      ledger: 'confirmed',
      chain: found.kind === 'solid' ? 'not a TRX transfer' : found.kind,
      detail: `the ledger's ${line.type} line is confirmed in block ${line.blockNumber}, but the solidified chain has no such TRX transfer`,
    });
    return;
  }
  if (!found.transfer.succeeded) {
    log.add({
      ...base,
      kind: 'failed-on-chain',
      blockNumber: found.blockNumber,
      field: 'status',
      ledger: 'confirmed',
      chain: 'failed',
      detail: `the ledger's ${line.type} line is confirmed, but the transfer failed on chain`,
    });
    return;
  }
  if (line.type === 'fee') return;
  // On chain, in another block than the line says: compare what it moved.
  for (const [field, ledger, chain] of [
    ['amount', String(line.amountSun), String(found.transfer.amountSun)],
    ['sender', line.fromAddress, found.transfer.fromAddress],
    ['recipient', line.toAddress, found.transfer.toAddress],
  ] as const) {
    if (ledger === chain) continue;
    log.add({
      ...base,
      kind: 'mismatch',
      field,
      ledger,
      chain,
      detail: `the ledger's ${line.type} line and the transfer disagree on ${field}`,
    });
  }
};

/**
 * The other direction: every line the ledger marks confirmed in the compared blocks must stand
 * for a transfer the chain has. Lines whose txID the blocks held were compared with it already;
 * the rest are looked up one by one (there should be none).
 */
export const compareLines = async (
  deps: ReconcileDeps,
  blocks: { readonly from: number; readonly to: number },
  seenTxIds: ReadonlySet<string>,
  log: DiscrepancyLog,
): Promise<{ readonly linesChecked: number; readonly addresses: ReadonlySet<string> }> => {
  let linesChecked = 0;
  const addresses = new Set<string>();
  let after: { blockNumber: number; id: string } | null = null;
  for (;;) {
    const page: readonly TransactionRecord[] = await deps.store.transactions.listConfirmedInBlocks(
      blocks,
      after,
      PAGE,
    );
    for (const line of page) {
      linesChecked += 1;
      for (const address of [line.fromAddress, line.toAddress]) if (address !== '') addresses.add(address);
      if (!seenTxIds.has(line.transactionHash)) await checkUnseenLine(deps, line, log);
    }
    const last = page.at(-1);
    if (page.length < PAGE || !last || last.blockNumber === null) break;
    after = { blockNumber: last.blockNumber, id: last.id };
  }
  return { linesChecked, addresses };
};
