import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { orderEvents, type ShopStore } from '@trx-shop/domain';
import { buildOrder, newObjectId } from '@trx-shop/store-contract';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import { percentile } from './latency-sample.js';
import type { BenchPlan } from './plan.js';
import { SQLITE_FILE } from './sqlite-file.js';
import { newWorkDir } from './work-dir.js';

export interface EventLogFigures {
  readonly orders: number;
  /** Order creation in the store, p50, without and with its `order.created` event logged in the write. */
  readonly createP50Ms: number;
  readonly createWithEventP50Ms: number;
  /** What writing the event adds to an order's creation (p50 difference). */
  readonly appendP50Ms: number;
}

const ids = { newId: () => newObjectId() };

const createOrders = async (store: ShopStore, count: number, withEvent: boolean): Promise<number[]> => {
  const durations: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const order = buildOrder();
    const events = withEvent ? [orderEvents(ids, order.createdAt).created(order)] : undefined;
    const startedAt = performance.now();
    const created = await store.orders.create(order, events);
    durations.push(performance.now() - startedAt);
    if (!created.ok) throw new Error(`order creation failed: ${created.error.code}`);
  }
  return durations;
};

/**
 * The event log's cost on the embedded store (docs/api.md, "Events"): order creation with and
 * without its event (alternating blocks, so neither gets a warmer cache). SQLite logs the event in
 * the order's own write, so the log must hold every one of them, numbered 1 to n, right after.
 */
export const runEventLogSection = async (plan: BenchPlan): Promise<EventLogFigures> => {
  const store = await openSqliteStore({ filename: join(newWorkDir('event-log'), SQLITE_FILE) });
  try {
    const plain: number[] = [];
    const withEvent: number[] = [];
    const block = Math.max(1, Math.floor(plan.eventLogOrders / 10));
    for (let done = 0; done < plan.eventLogOrders; done += block) {
      plain.push(...(await createOrders(store, block, false)));
      withEvent.push(...(await createOrders(store, block, true)));
    }
    const logged = await store.eventLog.readAfter(0, withEvent.length + 1);
    if (logged.length !== withEvent.length || logged.at(-1)?.sequence !== withEvent.length) {
      throw new Error(`the log holds ${logged.length} of ${withEvent.length} events`);
    }
    const createP50Ms = percentile(plain, 0.5);
    const createWithEventP50Ms = percentile(withEvent, 0.5);
    return {
      orders: withEvent.length,
      createP50Ms,
      createWithEventP50Ms,
      appendP50Ms: Math.max(0, createWithEventP50Ms - createP50Ms),
    };
  } finally {
    await store.close();
  }
};
