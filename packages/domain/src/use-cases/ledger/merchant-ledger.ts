import { codesOf, domainError, type ValidationError } from '../../errors/domain-error.js';
import type { Sun } from '../../money/sun.js';
import type { ChainPort } from '../../ports/chain.port.js';
import type { ShopStore } from '../../ports/shop-store.port.js';
import type {
  LedgerPosition,
  WalletMovementQuery,
  WalletMovementTotals,
} from '../../ports/transaction-store.port.js';
import type { Page, PageRequest } from '../../shared/pagination.js';
import { err, ok, type Result } from '../../shared/result.js';
import type { TransactionRecord } from '../../transactions/transaction.js';
import { type MovementDirection, movementOf } from '../../transactions/wallet-movement.js';
import { type MerchantWalletError, resolveMerchantWallet } from '../payments/merchant-wallet.js';

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

const positionOf = (line: TransactionRecord): LedgerPosition => ({ createdAt: line.createdAt, id: line.id });

/**
 * The balance after each row of a page (newest first): the wallet's net through the newest
 * confirmed row is its whole net less what moved after that row (nothing on the first page), then
 * each older confirmed row takes off what moved between it and the one before. Without a filter the rows are consecutive movements, so that is known from the rows
 * themselves; a type or status filter leaves gaps, and the store sums only each gap. Either way a
 * page reads the wallet's history once, never once per row.
 */
const withBalances = async (
  deps: MerchantLedgerDeps,
  address: string,
  query: WalletMovementQuery,
  lines: readonly TransactionRecord[],
  balances: { readonly openingBalanceSun: Sun | null; readonly net: Sun },
): Promise<LedgerRow[]> => {
  const { openingBalanceSun, net } = balances;
  const { transactions } = deps.store;
  const directionOf = (line: TransactionRecord) => movementOf(line, address)?.direction ?? 'in';
  const consecutive = query.type === undefined && query.status === undefined;
  const rows: LedgerRow[] = [];
  let running: Sun | null = null;
  let newer: TransactionRecord | null = null;
  for (const line of lines) {
    if (openingBalanceSun === null || line.status !== 'confirmed') {
      rows.push({ line, direction: directionOf(line), balanceAfterSun: null });
      continue;
    }
    if (running === null || newer === null) {
      running = net - (await transactions.walletConfirmedNet(address, null, positionOf(line)));
    } else if (consecutive) {
      running -= movementOf(newer, address)?.signedSun ?? 0;
    } else {
      running -= await transactions.walletConfirmedNet(address, positionOf(newer), positionOf(line));
    }
    rows.push({ line, direction: directionOf(line), balanceAfterSun: openingBalanceSun + running });
    newer = line;
  }
  return rows;
};

/** A ledger query's failures: an empty range, or no merchant wallet. */
export type LedgerAddressError = ValidationError | MerchantWalletError;
export const LEDGER_ADDRESS_ERRORS = codesOf<LedgerAddressError>()([
  'VALIDATION_ERROR',
  'MERCHANT_NOT_CONFIGURED',
]);

/** The merchant wallet's address for a ledger query, or why there is no ledger to show. */
export const ledgerAddress = async (
  deps: MerchantLedgerDeps,
  query: WalletMovementQuery,
): Promise<Result<string, LedgerAddressError>> => {
  const badRange = invalidRange(query);
  if (badRange) return err(badRange);
  const merchant = await resolveMerchantWallet(deps.store.users, deps.configuredMerchantAddress);
  return merchant.ok ? ok(merchant.value.address) : merchant;
};

/**
 * What the wallet held before its first ledger line: its solidified balance minus what the
 * ledger explains (`net`); null while the node does not answer.
 */
export const openingBalance = async (
  deps: MerchantLedgerDeps,
  address: string,
  net: Sun,
): Promise<Sun | null> => {
  const onChain = await deps.chain.getConfirmedBalance(address).catch(() => null);
  return onChain === null ? null : onChain - net;
};

/** A `[from, to)` range must not be empty. */
export const invalidRange = (query: { readonly from?: Date; readonly to?: Date }): ValidationError | null =>
  query.from && query.to && query.from.getTime() >= query.to.getTime()
    ? domainError('VALIDATION_ERROR', '`from` must be before `to`', {
        details: [{ field: 'to', message: 'must come after the start of the range' }],
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
): Promise<Result<MerchantLedger, LedgerAddressError>> => {
  const resolved = await ledgerAddress(deps, query);
  if (!resolved.ok) return resolved;
  const address = resolved.value;
  const { transactions } = deps.store;
  const [listed, totals, net] = await Promise.all([
    transactions.listWalletMovements(address, query, page),
    transactions.walletMovementTotals(address, query),
    transactions.walletConfirmedNet(address, null),
  ]);
  const openingBalanceSun = await openingBalance(deps, address, net);
  const items = await withBalances(deps, address, query, listed.items, { openingBalanceSun, net });
  return ok({ address, rows: { ...listed, items }, totals, openingBalanceSun });
};
