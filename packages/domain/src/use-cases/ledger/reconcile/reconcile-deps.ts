import type { EventActor } from '../../../ports/shop-event.js';
import type { ChainPort } from '../../../ports/chain.port.js';
import type { Clock, IdGenerator, Logger } from '../../../ports/runtime.port.js';
import type { ShopStore } from '../../../ports/shop-store.port.js';

export interface ReconcileDeps {
  readonly store: Pick<
    ShopStore,
    'chainCursors' | 'users' | 'transactions' | 'reconciliation' | 'leases' | 'eventLog'
  >;
  readonly chain: Pick<
    ChainPort,
    'solidBlockNumber' | 'solidBlock' | 'getConfirmedBalance' | 'findTransaction'
  >;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly logger: Logger;
  /**
   * Awaited before each balance read, so reading every wallet stays within a public node's
   * request allowance (the rate is the operator's, RECONCILE_REQUESTS_PER_SECOND).
   */
  readonly pace: () => Promise<void>;
  /** Who runs it (an admin, or the command): the run and its result are in the audit trail. */
  readonly actor: EventActor;
}

export interface ReconcileOptions {
  /** Read every held wallet's balance, not only those active in the blocks compared. */
  readonly allWallets: boolean;
  /**
   * Compare the blocks again from this one (at the earliest the scanner's first block); null
   * continues after the last block the previous run compared.
   */
  readonly fromBlock: number | null;
}
