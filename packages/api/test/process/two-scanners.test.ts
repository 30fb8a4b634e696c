import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTronChain } from '@trx-shop/chain-tron';
import { DEPOSIT_CURSOR, relayOutbox } from '@trx-shop/domain';
import { buildUser } from '@trx-shop/store-contract';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import { devnetControl } from '@trx-shop/test-kit';
import type { RunningDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnScript } from '../support/cli-process.js';
import { startTestDevnet } from '../support/test-app.js';

/*
 * Two scanner processes on one SQLite file (WAL) and one devnet, started together over the same
 * blocks: every deposit is recorded once and announced once, and the cursor ends at the head.
 */
let node: RunningDevnet;
let directory: string;
beforeAll(async () => {
  node = await startTestDevnet();
  directory = await mkdtemp(join(tmpdir(), 'trx-shop-two-scanners-'));
});
afterAll(async () => {
  await node.stop();
  await rm(directory, { recursive: true, force: true });
});

describe('two deposit scanners at once (separate processes)', () => {
  it('record each deposit once, tell its owner once, and skip no block', async () => {
    const filename = join(directory, 'shop.sqlite');
    const devnet = devnetControl(node.url);
    const chain = createTronChain({ fullHost: node.url, timeoutMs: 5_000 });
    const store = await openSqliteStore({ filename });
    const owners: { id: string; address: string }[] = [];
    for (let index = 0; index < 6; index += 1) {
      const { address } = await chain.createWallet();
      const user = buildUser({ wallet: { address, encryptedPrivateKey: null, externalAddress: null } });
      expect((await store.users.insert(user)).ok).toBe(true);
      owners.push({ id: user.id, address });
    }
    await devnet.settle();
    await store.chainCursors.advance(DEPOSIT_CURSOR, null, (await devnet.state()).solid, new Date());
    await store.close();

    // 24 deposits over 12 blocks.
    const funded: { txId: string; userId: string }[] = [];
    for (let index = 0; index < 24; index += 1) {
      const owner = owners[index % owners.length] as { id: string; address: string };
      const { txId } = await devnet.fund(owner.address, 1_000_000 + index);
      funded.push({ txId, userId: owner.id });
      if (index % 2 === 1) await devnet.produceBlocks(1);
    }
    await devnet.settle();
    const target = (await devnet.state()).solid;

    const env = { SQLITE_FILE: filename, NODE_URL: node.url, TARGET_BLOCK: String(target) };
    const scanners = [1, 2].map(() => spawnScript('test/process/support/scan-until.ts', [], env));
    const exits = await Promise.all(scanners.map((scanner) => scanner.exited));
    for (const [index, exit] of exits.entries()) expect(exit.code, scanners[index]?.stderr()).toBe(0);

    const reopened = await openSqliteStore({ filename });
    try {
      // Each deposit's owner is told once: one `deposit.received` per deposit reaches the log.
      await relayOutbox({ store: reopened, clock: { now: () => new Date() } });
      const announced = (await reopened.eventLog.readAfter(0, 1_000)).filter(
        (event) => event.type === 'deposit.received',
      );
      expect(announced.map((event) => event.payload.txHash).sort()).toEqual(
        funded.map((entry) => entry.txId).sort(),
      );
      expect(await reopened.chainCursors.read(DEPOSIT_CURSOR)).toBe(target);
      for (const owner of owners) {
        const lines = await reopened.transactions.listByUser(
          owner.id,
          { type: 'deposit' },
          { limit: 100, page: 1 },
        );
        expect(lines.items.map((line) => line.transactionHash).sort()).toEqual(
          funded
            .filter((entry) => entry.userId === owner.id)
            .map((entry) => entry.txId)
            .sort(),
        );
      }
    } finally {
      await reopened.close();
    }
  }, 120_000);
});
