import type { DomainError } from '../../errors/domain-error.js';
import type { WalletMovementQuery } from '../../ports/transaction-store.port.js';
import { err, ok, type Result } from '../../shared/result.js';
import { movementOf } from '../../transactions/wallet-movement.js';
import { resolveMerchantWallet } from '../payments/merchant-wallet.js';
import { invalidRange, type LedgerRow, type MerchantLedgerDeps } from './merchant-ledger.js';

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
): Promise<Result<{ readonly address: string; readonly rows: AsyncIterable<LedgerRow> }, DomainError>> => {
  const badRange = invalidRange(query);
  if (badRange) return err(badRange);
  const merchant = await resolveMerchantWallet(deps.store.users, deps.configuredMerchantAddress);
  if (!merchant.ok) return merchant;
  const { address } = merchant.value;
  const { transactions } = deps.store;
  const net = await transactions.walletConfirmedNet(address, null);
  const onChain = await deps.chain.getConfirmedBalance(address).catch(() => null);
  async function* rows(): AsyncGenerator<LedgerRow> {
    let balance = onChain === null ? null : onChain - net;
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
