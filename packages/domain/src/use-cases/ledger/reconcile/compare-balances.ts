import type { User } from '../../../users/user.js';
import type { DiscrepancyLog } from './discrepancy-log.js';
import type { ReconcileDeps } from './reconcile-deps.js';

const WALLETS_PER_BATCH = 200;
/** Balance checks in flight at once (the pace still spaces the node's requests). */
const WALLETS_IN_FLIGHT = 8;
/** Blocks past the scanner's cursor read to explain a balance gap; further behind, balances wait. */
const MAX_UNSCANNED_BLOCKS = 100;

export interface BalanceContext {
  /** When the scanner first ran: a wallet the service created later was born empty. */
  readonly originTime: Date | null;
  /** The scanner's cursor: blocks after it may hold movements the ledger has not seen yet. */
  readonly scannedThrough: number;
  /** Wallets with a transfer the ledger still has pending. */
  readonly inFlight: ReadonlySet<string>;
}

export interface BalanceComparison {
  readonly walletsChecked: number;
  readonly walletsSkipped: number;
  readonly openingsRecorded: number;
}

interface Gap {
  readonly user: User;
  readonly address: string;
  readonly openingSun: number;
  readonly expectedSun: number;
  readonly actualSun: number;
}

/** The held wallets among `addresses`, in batches. */
export async function* holdersOf(
  deps: ReconcileDeps,
  addresses: ReadonlySet<string>,
): AsyncIterable<readonly User[]> {
  const all = [...addresses];
  for (let start = 0; start < all.length; start += WALLETS_PER_BATCH) {
    yield deps.store.users.findByWalletAddresses(all.slice(start, start + WALLETS_PER_BATCH));
  }
}

/** Every held wallet, in batches. */
export async function* everyHolder(deps: ReconcileDeps): AsyncIterable<readonly User[]> {
  let afterId: string | null = null;
  for (;;) {
    const batch: readonly User[] = await deps.store.users.listWithWalletKeys(afterId, WALLETS_PER_BATCH);
    if (batch.length > 0) yield batch;
    const last = batch.at(-1);
    if (batch.length < WALLETS_PER_BATCH || !last) return;
    afterId = last.id;
  }
}

/** Gaps a transfer in a block the scanner has not reached yet may explain: those wallets wait. */
const movingSinceScan = async (deps: ReconcileDeps, scannedThrough: number, gaps: readonly Gap[]) => {
  const head = await deps.chain.solidBlockNumber();
  if (head - scannedThrough > MAX_UNSCANNED_BLOCKS) return new Set(gaps.map((gap) => gap.address));
  const moving = new Set<string>();
  for (let number = scannedThrough + 1; number <= head; number += 1) {
    const block = await deps.chain.solidBlock(number);
    for (const transfer of block?.transfers ?? []) {
      moving.add(transfer.fromAddress);
      moving.add(transfer.toAddress);
    }
  }
  return moving;
};

/**
 * Each wallet's balance on the solidified chain against its opening plus the ledger's confirmed
 * in - out - fees. A wallet made after the scanner's first block opened at 0; an older one's
 * opening is unknown to the ledger, so its first check records it (docs/operations.md). Wallets
 * with a transfer in flight wait for a later run.
 */
export const compareBalances = async (
  deps: ReconcileDeps,
  holders: AsyncIterable<readonly User[]>,
  context: BalanceContext,
  log: DiscrepancyLog,
): Promise<BalanceComparison> => {
  const gaps: Gap[] = [];
  let walletsChecked = 0;
  let walletsSkipped = 0;
  let openingsRecorded = 0;
  const checkWallet = async (user: User, openings: ReadonlyMap<string, number>): Promise<void> => {
    const address = user.wallet.address;
    if (!address) return;
    const pending = await deps.store.transactions.walletMovementTotals(address, { status: 'pending' });
    if (context.inFlight.has(address) || pending.inSun + pending.outSun + pending.feesSun > 0) {
      walletsSkipped += 1;
      return;
    }
    await deps.pace();
    const [actualSun, netSun] = await Promise.all([
      deps.chain.getConfirmedBalance(address),
      deps.store.transactions.walletConfirmedNet(address, null),
    ]);
    const bornEmpty = context.originTime !== null && user.createdAt.getTime() > context.originTime.getTime();
    const openingSun = openings.get(address) ?? (bornEmpty ? 0 : null);
    if (openingSun === null) {
      await deps.store.reconciliation.recordOpening({
        address,
        openingSun: actualSun - netSun,
        recordedAt: deps.clock.now(),
      });
      openingsRecorded += 1;
      return;
    }
    walletsChecked += 1;
    const expectedSun = openingSun + netSun;
    if (actualSun !== expectedSun) gaps.push({ user, address, openingSun, expectedSun, actualSun });
  };
  for await (const batch of holders) {
    const openings = await deps.store.reconciliation.openings(
      batch.flatMap((user) => user.wallet.address ?? []),
    );
    // A few wallets at once: each waits on the node's round trip, not on this process.
    for (let start = 0; start < batch.length; start += WALLETS_IN_FLIGHT) {
      await Promise.all(
        batch.slice(start, start + WALLETS_IN_FLIGHT).map((user) => checkWallet(user, openings)),
      );
    }
  }
  gaps.sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
  const moving =
    gaps.length === 0 ? new Set<string>() : await movingSinceScan(deps, context.scannedThrough, gaps);
  for (const gap of gaps) {
    if (moving.has(gap.address)) {
      walletsChecked -= 1;
      walletsSkipped += 1;
      continue;
    }
    log.add({
      kind: 'balance',
      address: gap.address,
      field: 'balance',
      ledger: String(gap.expectedSun),
      chain: String(gap.actualSun),
      detail: `opening ${gap.openingSun} + in - out - fees = ${gap.expectedSun} SUN, the chain holds ${gap.actualSun} SUN (${gap.actualSun - gap.expectedSun > 0 ? '+' : ''}${gap.actualSun - gap.expectedSun})`,
    });
  }
  return { walletsChecked, walletsSkipped, openingsRecorded };
};
