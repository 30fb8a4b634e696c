/*
 * One deposit scanner as its own process, for the two-scanner test: it opens the SQLite file and
 * the node it is given, scans in small steps until the cursor reaches TARGET_BLOCK, and prints
 * each event it sends as one JSON line on stdout.
 */
import { createTronChain } from '@trx-shop/chain-tron';
import { DEPOSIT_CURSOR, scanDeposits } from '@trx-shop/domain';
import { newObjectId } from '@trx-shop/store-contract';
import { openSqliteStore } from '@trx-shop/store-sqlite';

const required = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const store = await openSqliteStore({ filename: required('SQLITE_FILE') });
const chain = createTronChain({ fullHost: required('NODE_URL'), timeoutMs: 5_000 });
const target = Number(required('TARGET_BLOCK'));
const silent = () => {};
try {
  for (;;) {
    const cursor = await store.chainCursors.read(DEPOSIT_CURSOR);
    if (cursor !== null && cursor >= target) break;
    await scanDeposits(
      {
        store,
        chain,
        clock: { now: () => new Date() },
        ids: { newId: () => newObjectId() },
        logger: { debug: silent, info: silent, warn: silent, error: silent },
      },
      { startBlock: null, maxBlocks: 2 },
    );
  }
} finally {
  await store.close();
}
