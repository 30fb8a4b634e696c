import {
  type IdGenerator,
  type KeyVault,
  type MailContent,
  type MailFanOutDeps,
  type MailLetter,
  type MailMessage,
  type Order,
  type ShopEvent,
  type ShopStore,
  type TransactionRecord,
  type User,
  fanOutMail,
  openLetter,
} from '@trx-shop/domain';
import { buildOrder, buildTransaction, buildUser } from '@trx-shop/store-contract';
import { createMemoryStore } from '@trx-shop/store-memory';
import { expect } from 'vitest';

/*
 * The mail fan-out's world: the memory store twin with customers, admins, orders and ledger
 * lines put in directly, a vault that seals for one owner only, and a clock the test moves.
 * Events are logged as the relay logs them; what the fan-out queued is read back from the
 * queue and its sealed letters opened as the dispatcher opens them.
 */

export const START = new Date('2026-06-01T12:00:00.000Z');
export const HOLE_GRACE_MS = 2_000;
export const SHOP = { name: 'Test Shop', publicUrl: 'https://shop.example' };

const vault: KeyVault = {
  seal: async (plaintext, ownerId) => `sealed:${ownerId}:${Buffer.from(plaintext).toString('base64')}`,
  open: async (sealed, ownerId) => {
    const prefix = `sealed:${ownerId}:`;
    if (!sealed.startsWith(prefix)) throw new Error('sealed for another owner');
    return Buffer.from(sealed.slice(prefix.length), 'base64').toString();
  },
  needsRotation: () => false,
};

/** A queued message with its letter opened. */
export interface OpenedMail {
  readonly message: MailMessage;
  readonly letter: MailLetter;
}

export const createMailFanOutWorld = () => {
  const store: ShopStore = createMemoryStore();
  let now = START;
  let idCounter = 0;
  const ids: IdGenerator = {
    newId: () => {
      idCounter += 1;
      return idCounter.toString(16).padStart(24, '0');
    },
  };
  const deps: MailFanOutDeps = { store, vault, clock: { now: () => now } };

  const world = {
    store,
    deps,
    ids,
    now: () => now,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
    user: async (overrides: Partial<User> = {}): Promise<User> => {
      const user = buildUser({ createdAt: new Date(START.getTime() - 86_400_000), ...overrides });
      const inserted = await store.users.insert(user);
      if (!inserted.ok) throw inserted.error;
      return user;
    },
    /** Admins are created a second apart, so the first one made holds the merchant wallet. */
    admin: async (offsetMs: number, overrides: Partial<User> = {}) =>
      world.user({
        role: 'admin',
        createdAt: new Date(START.getTime() - 86_400_000 + offsetMs),
        ...overrides,
      }),
    order: async (overrides: Parameters<typeof buildOrder>[0] = {}): Promise<Order> => {
      const created = await store.orders.create(buildOrder(overrides));
      if (!created.ok) throw created.error;
      return created.value;
    },
    line: async (overrides: Partial<TransactionRecord>): Promise<TransactionRecord> => {
      const record = buildTransaction(overrides);
      await store.transactions.insert(record);
      return record;
    },
    /** Logs the event now, as the relay does: a sequence number taken, then the insert. */
    log: async (event: ShopEvent, sequence?: number) =>
      store.eventLog.insert(event, sequence ?? (await store.eventLog.takeSequence()), now),
    fanOut: () => fanOutMail(deps, { holeGraceMs: HOLE_GRACE_MS }),
    /** The first run: places the cursor at the newest event, so every event logged after is mailed. */
    start: async () => {
      expect(await world.fanOut()).toBe(0);
    },
    /** Every queued message, its letter opened, oldest first. */
    queued: async (): Promise<OpenedMail[]> => {
      const page = await store.mail.listMessages({}, { page: 1, limit: 100 });
      const opened = await Promise.all(
        page.items.map(async (message) => ({
          message,
          letter: await openLetter(vault, message.id, message.sealed),
        })),
      );
      return opened.reverse();
    },
    /** The queued mails of one event as `template -> recipient email` lines, sorted. */
    mailsOf: async (event: Pick<ShopEvent, 'id'>): Promise<string[]> =>
      (await world.queued())
        .filter((mail) => mail.message.sourceId === event.id)
        .map((mail) => `${mail.letter.content.template} -> ${mail.letter.recipient.email}`)
        .sort(),
    /** The one content queued for this event, template and recipient. */
    contentOf: async (event: Pick<ShopEvent, 'id'>, email: string): Promise<MailContent> => {
      const found = (await world.queued()).filter(
        (mail) => mail.message.sourceId === event.id && mail.letter.recipient.email === email,
      );
      expect(found).toHaveLength(1);
      return (found[0] as OpenedMail).letter.content;
    },
  };
  return world;
};

export type MailFanOutWorld = ReturnType<typeof createMailFanOutWorld>;
