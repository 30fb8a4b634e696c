import type { ShopStore } from '../../ports/shop-store.port.js';
import { eventLogLag, type ServiceHealthDeps, serviceHealth } from './service-health.js';

export interface ReadinessBounds {
  /** READY_MAX_SCANNER_LAG_BLOCKS: the deposit scanner may be this far behind the solidified head. */
  readonly maxScannerLagBlocks: number;
  /** READY_MAX_EVENT_LAG: events not yet relayed, or not yet read by this instance, at most. */
  readonly maxEventLag: number;
}

export interface ServiceReadiness {
  readonly ready: boolean;
  readonly store: boolean;
  readonly chain: boolean;
  readonly scannerLagBlocks: number | null;
  /** Logged events this instance has not delivered to its sockets yet. */
  readonly eventLag: number | null;
  /** Events still in outboxes, waiting for the relay (counted up to the bound + 1). */
  readonly outboxBacklog: number | null;
  /** Why not ready, one line each; empty when ready. */
  readonly reasons: readonly string[];
}

/**
 * Whether this instance should get traffic: the store and the node answer, the deposit scanner and
 * the event log keep up within the bounds. (Migrations ran before the instance listened.)
 */
export const serviceReadiness = async (
  deps: ServiceHealthDeps & { readonly store: Pick<ShopStore, 'eventLog' | 'outbox'> },
  bounds: ReadinessBounds,
  deliveredUpTo: number,
): Promise<ServiceReadiness> => {
  const health = await serviceHealth(deps);
  const reasons: string[] = [];
  if (!health.store) reasons.push('the store does not answer');
  if (!health.chain) reasons.push('the TRON node does not answer');
  if (health.scannerLagBlocks !== null && health.scannerLagBlocks > bounds.maxScannerLagBlocks) {
    reasons.push(
      `the deposit scanner is ${health.scannerLagBlocks} blocks behind (at most ${bounds.maxScannerLagBlocks})`,
    );
  }
  let eventLag: number | null = null;
  let outboxBacklog: number | null = null;
  if (health.store) {
    try {
      eventLag = await eventLogLag(deps.store.eventLog, deliveredUpTo);
      outboxBacklog = (await deps.store.outbox.pending(bounds.maxEventLag + 1)).length;
    } catch {
      reasons.push('the event log cannot be read');
    }
    if (eventLag !== null && eventLag > bounds.maxEventLag) {
      reasons.push(`${eventLag} logged events are not delivered yet (at most ${bounds.maxEventLag})`);
    }
    if (outboxBacklog !== null && outboxBacklog > bounds.maxEventLag) {
      reasons.push(`more than ${bounds.maxEventLag} events wait for the relay`);
    }
  }
  return { ready: reasons.length === 0, ...health, eventLag, outboxBacklog, reasons };
};
