import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NO_SUBJECTS, relayOutbox, type ShopEvent } from '@trx-shop/domain';
import {
  BUILDER_NOW,
  buildEventActor,
  buildOrder,
  buildProduct,
  buildShopEvent,
  minutesAfter,
} from '@trx-shop/store-contract';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../src/index.js';
import { SqliteDatabase as Database } from '../src/sqlite-driver.js';

/*
 * A file an older version wrote: it left state changes' events in the records' outbox for the
 * relay. This version logs events in the write itself, and its relay still drains the outbox.
 */

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

const leaveInOutbox = (filename: string, sourceId: string, event: ShopEvent) => {
  const db = new Database(filename);
  try {
    db.prepare(
      'INSERT INTO event_outbox (event_id, source, source_id, occurred_at, body) VALUES (?, ?, ?, ?, ?)',
    ).run(event.id, 'order', sourceId, event.occurredAt.getTime(), JSON.stringify(event));
  } finally {
    db.close();
  }
};

describe('events an older version left in the outbox', () => {
  it('are logged once by the relay, after what the writes logged, and never again', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'trx-shop-outbox-'));
    directories.push(directory);
    const filename = join(directory, 'shop.db');
    await (await openSqliteStore({ filename })).close();
    const order = buildOrder();
    const left = [0, 1].map((minutes) =>
      buildShopEvent({
        type: minutes === 0 ? 'order.created' : 'order.cancelled',
        occurredAt: minutesAfter(BUILDER_NOW, minutes),
        subjects: { ...NO_SUBJECTS, userId: order.userId, orderId: order.id },
      }),
    ) as [ShopEvent, ShopEvent];
    for (const event of left) leaveInOutbox(filename, order.id, event);

    const store = await openSqliteStore({ filename });
    try {
      const written = buildShopEvent({ type: 'product.created', occurredAt: minutesAfter(BUILDER_NOW, 5) });
      await store.products.insert(buildProduct(), [written]);
      const relayedAt = minutesAfter(BUILDER_NOW, 10);
      const relay = () => relayOutbox({ store, clock: { now: () => relayedAt } });
      expect(await relay()).toBe(2);
      expect(await store.outbox.pending(10)).toEqual([]);
      const expected = [
        { ...written, sequence: 1, loggedAt: written.occurredAt },
        { ...left[0], sequence: 2, loggedAt: relayedAt },
        { ...left[1], sequence: 3, loggedAt: relayedAt },
      ];
      expect(await store.eventLog.readAfter(0, 10)).toEqual(expected);
      expect(await relay()).toBe(0);
      const next = buildShopEvent({ type: 'product.updated', occurredAt: minutesAfter(BUILDER_NOW, 11) });
      await store.products.insert(buildProduct(), [next]);
      expect(await store.eventLog.readAfter(0, 10)).toEqual([
        ...expected,
        { ...next, sequence: 4, loggedAt: next.occurredAt },
      ]);
    } finally {
      await store.close();
    }
  });

  it('are read, as logged ones are, with an actor of no address when written before addresses were', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'trx-shop-outbox-'));
    directories.push(directory);
    const filename = join(directory, 'shop.db');
    await (await openSqliteStore({ filename })).close();
    const actor = buildEventActor({ label: 'ops@example.com' });
    const { address: _address, ...actorBefore } = actor;
    const order = buildOrder();
    const left = buildShopEvent({
      type: 'order.status_overridden',
      subjects: { ...NO_SUBJECTS, userId: order.userId, orderId: order.id },
    });
    leaveInOutbox(filename, order.id, { ...left, actor: actorBefore as typeof actor });
    const logged = buildShopEvent({ type: 'product.updated', subjects: NO_SUBJECTS, actor });
    const db = new Database(filename);
    try {
      db.prepare(
        'INSERT INTO event_log (id, sequence, type, occurred_at, logged_at, payload, actor, actor_id) VALUES (?, 1, ?, ?, ?, ?, ?, ?)',
      ).run(
        logged.id,
        logged.type,
        logged.occurredAt.getTime(),
        BUILDER_NOW.getTime(),
        JSON.stringify(logged.payload),
        JSON.stringify(actorBefore),
        actor.id,
      );
    } finally {
      db.close();
    }

    const store = await openSqliteStore({ filename });
    try {
      const withoutAddress = { ...actor, address: null };
      expect(await store.eventLog.findById(logged.id)).toEqual({
        ...logged,
        actor: withoutAddress,
        sequence: 1,
        loggedAt: BUILDER_NOW,
      });
      expect(await store.outbox.pending(10)).toEqual([
        { source: 'order', sourceId: order.id, event: { ...left, actor: withoutAddress } },
      ]);
    } finally {
      await store.close();
    }
  });
});
