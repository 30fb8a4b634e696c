import { type DomainError, domainError } from '../../errors/domain-error.js';
import type { Sun } from '../../money/sun.js';
import type { ChainPort } from '../../ports/chain.port.js';
import type { ShopStore } from '../../ports/shop-store.port.js';
import type { WalletMovementQuery, WalletMovementTotals } from '../../ports/transaction-store.port.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { TransactionRecord } from '../../transactions/transaction.js';
import { type MovementDirection, movementOf } from '../../transactions/wallet-movement.js';
import { resolveMerchantWallet } from '../payments/merchant-wallet.js';

export interface LedgerRow {
  readonly line: TransactionRecord;
  readonly direction: MovementDirection;
  /** The wallet's balance right after this movement; null for one that moved nothing (yet). */
  readonly balanceAfterSun: Sun | null;
}

export interface MerchantLedger {
  readonly address: string;
  readonly rows: Page<LedgerRow>;
  readonly totals: WalletMovementTotals;
  /**
   * What the wallet held before its first line: its balance on the solidified chain minus what
   * the ledger explains. Null while the node does not answer (balances are then unknown).
   */
  readonly openingBalanceSun: Sun | null;
}

export interface MerchantLedgerDeps {
  readonly store: Pick<ShopStore, 'users' | 'transactions'>;
  readonly chain: Pick<ChainPort, 'getConfirmedBalance'>;
  readonly configuredMerchantAddress: string | null;
}

/** A `[from, to)` range must not be empty. */
export const invalidRange = (query: { readonly from?: Date; readonly to?: Date }): DomainError | null =>
  query.from && query.to && query.from.getTime() >= query.to.getTime()
    ? domainError('VALIDATION_ERROR', '`from` must be before `to`', {
        details: [{ field: 'from', message: 'must be before to' }],
      })
    : null;

/**
 * Every movement of the merchant wallet (payments in, refunds out, deposits, withdrawals, fees)
 * with the balance after each and the totals of the filter (docs/api.md, "The merchant's ledger").
 */
export const merchantLedger = async (
  deps: MerchantLedgerDeps,
  query: WalletMovementQuery,
  page: PageRequest,
): Promise<Result<MerchantLedger, DomainError>> => {
  const badRange = invalidRange(query);
  if (badRange) return err(badRange);
  const merchant = await resolveMerchantWallet(deps.store.users, deps.configuredMerchantAddress);
  if (!merchant.ok) return merchant;
  const { address } = merchant.value;
  const { transactions } = deps.store;
  const [listed, totals, net] = await Promise.all([
    transactions.listWalletMovements(address, query, page),
    transactions.walletMovementTotals(address, query),
    transactions.walletConfirmedNet(address, null),
  ]);
  const onChain = await deps.chain.getConfirmedBalance(address).catch(() => null);
  const openingBalanceSun = onChain === null ? null : onChain - net;
  const items = await Promise.all(
    listed.items.map(async (line): Promise<LedgerRow> => {
      const direction = movementOf(line, address)?.direction ?? 'in';
      if (openingBalanceSun === null || line.status !== 'confirmed') {
        return { line, direction, balanceAfterSun: null };
      }
      const through = await transactions.walletConfirmedNet(address, {
        createdAt: line.createdAt,
        id: line.id,
      });
      return { line, direction, balanceAfterSun: openingBalanceSun + through };
    }),
  );
  return ok({ address, rows: { ...listed, items }, totals, openingBalanceSun });
};
