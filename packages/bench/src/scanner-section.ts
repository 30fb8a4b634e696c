import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildUser, newObjectId, seededRandom } from '@trx-shop/store-contract';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import { startDevnetProcess } from './devnet-process.js';
import { freePort } from './free-port.js';
import type { BenchPlan } from './plan.js';
import { SQLITE_FILE } from './sqlite-file.js';
import { awaitLogLine, startServiceProcess } from './service-process.js';
import { randomTronAddress } from './tron-addresses.js';
import { newWorkDir } from './work-dir.js';

export interface ScannerFigures {
  readonly wallets: number;
  readonly blocks: number;
  readonly transfersPerBlock: number;
  readonly depositsPerBlock: number;
  readonly depositsRecorded: number;
  readonly scanMs: number;
  readonly blocksPerSecond: number;
  readonly seedSeconds: number;
}

const SOLID_DEPTH = 1;
const FUNDING_CONCURRENCY = 8;
/** Recipients outside the shop: most of a mainnet block is other people's business. */
const OUTSIDE_ADDRESSES = 2_000;
const SCAN_MESSAGE = 'deposit scan';

/** `wallets` customers with real TRON addresses, inserted through the store's own port. */
const seedWallets = async (file: string, wallets: number): Promise<string[]> => {
  const random = seededRandom(20_261_123);
  const store = await openSqliteStore({ filename: file });
  const addresses: string[] = [];
  try {
    for (let i = 0; i < wallets; i += 1) {
      const address = randomTronAddress(random);
      const user = buildUser({
        id: newObjectId(),
        email: `wallet${i}@bench.example`,
        username: `wallet_${i}`,
        wallet: { address, encryptedPrivateKey: null, externalAddress: null },
      });
      const inserted = await store.users.insert(user);
      if (!inserted.ok) throw inserted.error;
      addresses.push(address);
    }
  } finally {
    await store.close();
  }
  return addresses;
};

/**
 * The deposit scanner's rate: blocks of `transfersPerBlock` TRX transfers on a devnet process,
 * one in ten into one of `wallets` custodial wallets in the store; the service starts with its
 * scanner at the first of those blocks and catches up on all of them in its start-up run, whose
 * own log line gives the duration (so start-up itself is not counted).
 */
export const runScannerSection = async (plan: BenchPlan): Promise<ScannerFigures> => {
  const { wallets, blocks, transfersPerBlock } = plan.scanner;
  const depositsPerBlock = Math.round(transfersPerBlock / 10);
  const dir = newWorkDir('scanner');
  const seedStarted = performance.now();
  const custodial = await seedWallets(join(dir, SQLITE_FILE), wallets);
  const random = seededRandom(7);
  const outside = Array.from({ length: OUTSIDE_ADDRESSES }, () => randomTronAddress(random));
  const devnet = await startDevnetProcess(dir, SOLID_DEPTH);
  try {
    const firstBlock = (await devnet.control.state()).head + 1;
    for (let block = 0; block < blocks; block += 1) {
      const recipients = Array.from({ length: transfersPerBlock }, (_, i) =>
        i < depositsPerBlock ? random.pick(custodial) : random.pick(outside),
      );
      let next = 0;
      await Promise.all(
        Array.from({ length: FUNDING_CONCURRENCY }, async () => {
          while (next < recipients.length) {
            const index = next++;
            await devnet.control.fund(recipients[index] as string, 1_000_000 + index);
          }
        }),
      );
      await devnet.control.produceBlocks(1);
    }
    await devnet.control.produceBlocks(SOLID_DEPTH);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.log(
      `  ${wallets} wallets and ${blocks} blocks of ${transfersPerBlock} transfers in ${seedSeconds.toFixed(1)} s`,
    );
    const service = await startServiceProcess({
      dataDir: dir,
      port: await freePort(),
      env: {
        ADMIN_EMAIL: 'scanner-admin@bench.example',
        ADMIN_PASSWORD: 'scanner admin password',
        TRON_FULL_HOST: devnet.url,
        LISTENER_INTERVAL_MS: String(3_600_000),
        SCANNER_START_BLOCK: String(firstBlock),
        SCANNER_MAX_BLOCKS_PER_RUN: String(blocks),
        SCANNER_MAX_REQUESTS_PER_SECOND: '0',
      },
    });
    try {
      const line = await awaitLogLine(service, SCAN_MESSAGE, 600_000);
      if (typeof line.durationMs !== 'number')
        throw new Error(`the scan's line has no durationMs: ${JSON.stringify(line)}`);
      const scanMs = Number(line.durationMs);
      const figures = {
        wallets,
        blocks: Number(line.scannedBlocks),
        transfersPerBlock,
        depositsPerBlock,
        depositsRecorded: Number(line.depositsRecorded),
        scanMs,
        blocksPerSecond: (Number(line.scannedBlocks) * 1000) / scanMs,
        seedSeconds,
      };
      if (figures.blocks !== blocks || figures.depositsRecorded !== blocks * depositsPerBlock) {
        throw new Error(
          `the scan covered ${figures.blocks} of ${blocks} blocks and recorded ${figures.depositsRecorded} of ${blocks * depositsPerBlock} deposits; log: ${service.logFile}`,
        );
      }
      return figures;
    } finally {
      await service.stop();
    }
  } finally {
    await devnet.stop();
  }
};
