import {
  type Clock,
  type EventPayloadValue,
  type LoggedEvent,
  parseTrxAmount,
  readLogAfter,
  type ShopStore,
} from '@trx-shop/domain';
import type { BusinessMetrics } from './business-metrics.js';

/** The cursor (in the store's cursor table) of the last logged event some instance has counted. */
export const METRICS_CURSOR = 'metrics';

const BATCH = 1_000;
/** Batches one scrape counts at most: a scrape stays a few bounded reads; the rest wait for the next. */
const MAX_BATCHES_PER_SCRAPE = 10;

/** An amount of an event's payload (exact TRX text) in SUN; 0 where it is missing. */
const sunOf = (amount: EventPayloadValue | undefined): number => {
  const parsed = parseTrxAmount(amount, { sign: 'non-negative' });
  return parsed.ok ? parsed.value : 0;
};

/** Adds one logged event to the business counters it concerns. */
export const countEvent = (counters: BusinessMetrics, event: LoggedEvent): void => {
  switch (event.type) {
    case 'order.created':
      counters.ordersCreated.inc();
      return;
    case 'order.completed':
      counters.ordersCompleted.inc();
      counters.revenueSun.inc(sunOf(event.payload.paid));
      return;
    case 'refund.confirmed':
      counters.refunds.inc({ outcome: 'confirmed' });
      counters.refundedSun.inc(sunOf(event.payload.amount));
      return;
    case 'refund.failed':
      counters.refunds.inc({ outcome: 'failed' });
      return;
    case 'deposit.received':
      counters.deposits.inc();
      counters.depositedSun.inc(sunOf(event.payload.amount));
      return;
    case 'withdrawal.confirmed':
      counters.withdrawals.inc({ outcome: 'confirmed' });
      counters.withdrawnSun.inc(sunOf(event.payload.amount));
      return;
    case 'withdrawal.failed':
      counters.withdrawals.inc({ outcome: 'failed' });
      return;
    default:
      return;
  }
};

export interface EventTallyDeps {
  readonly store: Pick<ShopStore, 'eventLog' | 'chainCursors'>;
  readonly clock: Clock;
}

/**
 * The business counters fed from the shared event log, each event counted by exactly one instance:
 * a scrape reads the log after the shared `metrics` cursor and counts a batch only if its own
 * guarded move of the cursor over that batch succeeds. Whichever instance is scraped first after
 * an event is logged counts it, so the counters summed over the instances count every event once;
 * an instance that restarts before its next scrape leaves its uncounted events to the next scrape.
 */
export const createEventTally = (
  deps: EventTallyDeps,
  counters: BusinessMetrics,
  options: { readonly holeGraceMs: number },
) => {
  const { eventLog, chainCursors } = deps.store;

  /** Events before the first start are history, not news: the cursor starts at the log's head. */
  const startAtHead = async (): Promise<void> => {
    if ((await chainCursors.read(METRICS_CURSOR)) !== null) return;
    await chainCursors.advance(
      METRICS_CURSOR,
      null,
      (await eventLog.newestSequence()) ?? 0,
      deps.clock.now(),
    );
  };

  /** Counts one batch if this instance moves the cursor over it; answers whether more may follow. */
  const countBatch = async (): Promise<boolean> => {
    const cursor = await chainCursors.read(METRICS_CURSOR);
    if (cursor === null) {
      await startAtHead();
      return false;
    }
    const now = deps.clock.now();
    const read = await readLogAfter(eventLog, cursor, { graceMs: options.holeGraceMs, now, limit: BATCH });
    if (read.position === cursor) return false;
    // Lost: another instance counted this batch; read again from where it left the cursor.
    if (!(await chainCursors.advance(METRICS_CURSOR, cursor, read.position, now))) return true;
    for (const event of read.events) countEvent(counters, event);
    return !read.waitingOnHole && read.events.length === BATCH;
  };

  let running: Promise<void> | null = null;
  const catchUp = async (): Promise<void> => {
    for (let batch = 0; batch < MAX_BATCHES_PER_SCRAPE; batch += 1) {
      if (!(await countBatch())) return;
    }
  };

  return {
    startAtHead,
    /** Counts what was logged since the cursor; two scrapes at once on one instance share one run. */
    catchUp: (): Promise<void> => {
      running ??= catchUp().finally(() => {
        running = null;
      });
      return running;
    },
  };
};

export type EventTally = ReturnType<typeof createEventTally>;
