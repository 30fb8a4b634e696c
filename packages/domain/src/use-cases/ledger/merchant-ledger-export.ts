import type { WalletMovementQuery } from '../../ports/transaction-store.port.js';
import { ok, type Result } from '../../shared/result.js';
import { movementOf } from '../../transactions/wallet-movement.js';
import {
  type LedgerAddressError,
  type LedgerRow,
  ledgerAddress,
  type MerchantLedgerDeps,
  openingBalance,
} from './merchant-ledger.js';

const selected = (row: LedgerRow, query: WalletMovementQuery): boolean =>
  (query.type === undefined || row.line.type === query.type) &&
  (query.status === undefined || row.line.status === query.status) &&
  (query.from === undefined || row.line.createdAt.getTime() >= query.from.getTime()) &&
  (query.to === undefined || row.line.createdAt.getTime() < query.to.getTime());

/**
 * The merchant's ledger for export, oldest first: every movement is read once, in store order,
 * carrying the running balance forward (so a filter never changes a balance), and only the rows
 * the query selects are yielded. Memory stays flat whatever the ledger's length.
 */
export const merchantLedgerRows = async (
  deps: MerchantLedgerDeps,
  query: WalletMovementQuery,
): Promise<
  Result<{ readonly address: string; readonly rows: AsyncIterable<LedgerRow> }, LedgerAddressError>
> => {
  const resolved = await ledgerAddress(deps, query);
  if (!resolved.ok) return resolved;
  const address = resolved.value;
  const { transactions } = deps.store;
  const opening = await openingBalance(deps, address, await transactions.walletConfirmedNet(address, null));
  async function* rows(): AsyncGenerator<LedgerRow> {
    let balance = opening;
    for await (const line of transactions.streamWalletMovements(address)) {
      const movement = movementOf(line, address);
      if (!movement) continue;
      const confirmed = line.status === 'confirmed';
      if (balance !== null && confirmed) balance += movement.signedSun;
      const row: LedgerRow = {
        line,
        direction: movement.direction,
        balanceAfterSun: confirmed ? balance : null,
      };
      if (selected(row, query)) yield row;
    }
  }
  return ok({ address, rows: rows() });
};
