import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ShopStore } from '@trx-shop/domain';
import { buildUser } from '@trx-shop/store-contract';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../src/index.js';
import { SqliteDatabase } from '../src/sqlite-driver.js';

const PAGE_BYTES = 4096;
/** Well under SQLite's own automatic checkpoint (1,000 log pages), so only the thread copies them. */
const USERS = 30;

const directories: string[] = [];
const stores: ShopStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

const openIn = async (walCheckpointIntervalMs?: number) => {
  const directory = mkdtempSync(join(tmpdir(), 'trx-shop-checkpoint-'));
  directories.push(directory);
  const filename = join(directory, 'shop.db');
  const store = await openSqliteStore({
    filename,
    ...(walCheckpointIntervalMs === undefined ? {} : { walCheckpointIntervalMs }),
  });
  stores.push(store);
  return { store, filename };
};

/** Each user in a commit of its own, as requests write: a few log pages each. */
const insertUsers = async (store: ShopStore) => {
  for (let index = 0; index < USERS; index += 1) {
    const inserted = await store.users.insert(
      buildUser({ email: `checkpoint${index}@example.test`, username: `checkpoint_${index}` }),
    );
    expect(inserted.ok).toBe(true);
  }
};

const waitFor = async (condition: () => boolean, what: string) => {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('the WAL checkpoint thread', () => {
  it('copies committed pages into the database file without a commit doing it', async () => {
    const threaded = await openIn(20);
    const plain = await openIn();
    const sizesAtOpen = [statSync(threaded.filename).size, statSync(plain.filename).size];
    await insertUsers(threaded.store);
    await insertUsers(plain.store);
    // The log holds every page written since the last checkpoint: the file grows only by one.
    await waitFor(
      () => statSync(threaded.filename).size > (sizesAtOpen[0] as number) + 20 * PAGE_BYTES,
      'the thread to checkpoint the log into the file',
    );
    // The same writes, the same wait and more, and nothing moved the plain store's pages yet.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(statSync(plain.filename).size).toBe(sizesAtOpen[1]);
    expect(statSync(`${plain.filename}-wal`).size).toBeGreaterThan(20 * PAGE_BYTES);
    // What the thread copied reads back through the store.
    expect((await threaded.store.users.findByEmail('checkpoint29@example.test'))?.username).toBe(
      'checkpoint_29',
    );
  });

  it('stops with the store: pages written to the file afterwards stay in the log', async () => {
    const { store, filename } = await openIn(20);
    await insertUsers(store);
    stores.splice(stores.indexOf(store), 1);
    await store.close();
    const other = new SqliteDatabase(filename);
    try {
      other.pragma('wal_autocheckpoint = 0');
      const sizeBefore = statSync(filename).size;
      for (let index = 0; index < 200; index += 1) {
        other.prepare('INSERT INTO counters (name, value) VALUES (?, 1)').run(`after-close-${index}`);
      }
      expect(statSync(`${filename}-wal`).size).toBeGreaterThan(0);
      // Ten of the thread's intervals: had it outlived the store, it would have copied them.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(statSync(filename).size).toBe(sizeBefore);
    } finally {
      other.close();
    }
  });
});
