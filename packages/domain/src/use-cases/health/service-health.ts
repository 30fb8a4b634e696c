import type { ChainPort } from '../../ports/chain.port.js';
import type { ShopStore } from '../../ports/shop-store.port.js';
import { DEPOSIT_CURSOR } from '../ledger/scan-deposits.js';

export interface ServiceHealth {
  readonly store: boolean;
  readonly chain: boolean;
  /**
   * How many solidified blocks the deposit scanner has yet to read; null before its first run or
   * while the store or the chain does not answer.
   */
  readonly scannerLagBlocks: number | null;
}

export interface ServiceHealthDeps {
  readonly store: Pick<ShopStore, 'ping' | 'chainCursors'>;
  readonly chain: Pick<ChainPort, 'reachableSolidHead'>;
}

const lagBehind = (solidHead: number, cursor: number | null): number | null =>
  cursor === null ? null : Math.max(0, solidHead - cursor);

/** Solidified blocks the deposit scanner has yet to read; null before its first run. */
export const scannerLagBlocks = async (deps: {
  readonly store: Pick<ShopStore, 'chainCursors'>;
  readonly chain: Pick<ChainPort, 'solidBlockNumber'>;
}): Promise<number | null> => {
  const [cursor, head] = await Promise.all([
    deps.store.chainCursors.read(DEPOSIT_CURSOR),
    deps.chain.solidBlockNumber(),
  ]);
  return lagBehind(head, cursor);
};

/** Logged events a reader at `deliveredUpTo` has not delivered yet. */
export const eventLogLag = async (
  eventLog: Pick<ShopStore['eventLog'], 'newestSequence'>,
  deliveredUpTo: number,
): Promise<number> => Math.max(0, ((await eventLog.newestSequence()) ?? 0) - deliveredUpTo);

/** What a load balancer and an operator ask: do the store and the node answer, is the scanner behind. */
export const serviceHealth = async (deps: ServiceHealthDeps): Promise<ServiceHealth> => {
  const [store, solidHead] = await Promise.all([
    deps.store.ping().catch(() => false),
    deps.chain.reachableSolidHead().catch(() => null),
  ]);
  const chain = solidHead !== null;
  if (!store || solidHead === null) return { store, chain, scannerLagBlocks: null };
  try {
    const cursor = await deps.store.chainCursors.read(DEPOSIT_CURSOR);
    return { store, chain, scannerLagBlocks: lagBehind(solidHead, cursor) };
  } catch {
    return { store, chain, scannerLagBlocks: null };
  }
};
