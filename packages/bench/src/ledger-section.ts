import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FetchResult } from '@trx-shop/client';
import type { TransactionRecord, TransactionStatus, TransactionType } from '@trx-shop/domain';
import { buildTransaction, buildUser, newObjectId, newTxId, seededRandom } from '@trx-shop/store-contract';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import { type ExportFigures, measureExport } from './export-stream.js';
import { freePort } from './free-port.js';
import { percentile } from './latency-sample.js';
import type { BenchPlan } from './plan.js';
import type { Credentials } from './data-set-section.js';
import { startServiceProcess } from './service-process.js';
import { signIn, unwrapFor } from './shop-client.js';
import { SQLITE_FILE } from './sqlite-file.js';
import { randomTronAddress } from './tron-addresses.js';
import { newWorkDir } from './work-dir.js';

export interface LedgerFigures {
  readonly rows: number;
  readonly seedSeconds: number;
  readonly pageP50Ms: number;
  readonly pageP99Ms: number;
  readonly filteredPageP50Ms: number;
  readonly filteredPageP99Ms: number;
  readonly export: ExportFigures;
}

const DAY_MS = 86_400_000;
const INSERT_BATCH = 1_000;
const COUNTERPARTS = 5_000;
const ADMIN_EMAIL = 'ledger-admin@bench.example';

/** How a merchant wallet's lines split: mostly payments in, some of everything that goes out. */
const LINE_MIX: readonly [TransactionType, number][] = [
  ['purchase', 0.6],
  ['deposit', 0.1],
  ['refund', 0.1],
  ['withdrawal', 0.1],
  ['fee', 0.1],
];
const INCOMING: ReadonlySet<TransactionType> = new Set(['purchase', 'deposit']);

/**
 * The merchant (the first admin, whose wallet the ledger shows) and `rows` lines of its wallet
 * over a year, 5% failed, inserted through the store's own port in batches.
 */
const seedLedger = async (file: string, rows: number, credentials: Credentials): Promise<void> => {
  const random = seededRandom(20_261_124);
  const merchantAddress = randomTronAddress(random);
  const counterparts = Array.from({ length: COUNTERPARTS }, () => randomTronAddress(random));
  const store = await openSqliteStore({ filename: file });
  try {
    const start = Date.now() - 365 * DAY_MS;
    const admin = buildUser({
      id: newObjectId(new Date(start - DAY_MS)),
      email: ADMIN_EMAIL,
      username: 'ledger_admin',
      role: 'admin',
      passwordHash: credentials.passwordHash,
      wallet: { address: merchantAddress, encryptedPrivateKey: null, externalAddress: null },
      createdAt: new Date(start - DAY_MS),
    });
    const inserted = await store.users.insert(admin);
    if (!inserted.ok) throw inserted.error;
    const typeOf = (): TransactionType => {
      let roll = random.next();
      for (const [type, weight] of LINE_MIX) {
        roll -= weight;
        if (roll < 0) return type;
      }
      return 'purchase';
    };
    let batch: TransactionRecord[] = [];
    for (let i = 0; i < rows; i += 1) {
      const createdAt = new Date(start + Math.floor((i * 365 * DAY_MS) / rows));
      const type = typeOf();
      const status: TransactionStatus = random.chance(0.05) ? 'failed' : 'confirmed';
      const counterpart = random.pick(counterparts);
      batch.push(
        buildTransaction({
          id: newObjectId(createdAt),
          userId: admin.id,
          orderId: type === 'purchase' || type === 'refund' ? newObjectId(createdAt) : null,
          type,
          amountSun: type === 'fee' ? random.integer(1, 300) * 1_000 : random.integer(1, 5_000) * 1_000,
          transactionHash: newTxId(),
          fromAddress: INCOMING.has(type) ? counterpart : merchantAddress,
          toAddress: INCOMING.has(type) ? merchantAddress : counterpart,
          status,
          confirmations: status === 'confirmed' ? 21 : 0,
          blockNumber: status === 'confirmed' ? 1_000 + i : null,
          effectApplied: true,
          createdAt,
          updatedAt: createdAt,
        }),
      );
      if (batch.length === INSERT_BATCH || i === rows - 1) {
        await store.transactions.insertMany(batch);
        batch = [];
      }
    }
  } finally {
    await store.close();
  }
};

const MIN_SAMPLES = 5;

/**
 * One request at a time for `seconds` (and at least MIN_SAMPLES requests, so a slow page still
 * gets a figure): the page's own latency, without queueing.
 */
const sequentialLatency = async (what: string, request: () => Promise<FetchResult>, seconds: number) => {
  const durations: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  while (durations.length < MIN_SAMPLES || performance.now() < deadline) {
    const startedAt = performance.now();
    await unwrapFor(what, request());
    durations.push(performance.now() - startedAt);
  }
  return { p50Ms: percentile(durations, 0.5), p99Ms: percentile(durations, 0.99) };
};

/**
 * For each size: the merchant's ledger page (one connection, so the latency is the page's own),
 * a page filtered by type (whose running balances need the gaps between its rows summed), and
 * the CSV export downloaded to the end while the service's memory is sampled.
 */
export const runLedgerSection = async (
  plan: BenchPlan,
  credentials: Credentials,
): Promise<LedgerFigures[]> => {
  const figures: LedgerFigures[] = [];
  for (const rows of plan.ledgerRows) {
    const dir = newWorkDir(`ledger-${rows}`);
    const seedStarted = performance.now();
    await seedLedger(join(dir, SQLITE_FILE), rows, credentials);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.log(`  seeded a ledger of ${rows} lines in ${seedSeconds.toFixed(1)} s`);
    const service = await startServiceProcess({ dataDir: dir, port: await freePort() });
    try {
      const admin = await signIn(service.baseUrl, ADMIN_EMAIL, credentials.password);
      // The pages are read as bytes, not parsed: the latency is the service's, as with a bare fetch.
      const page = await sequentialLatency(
        'GET /api/admin/ledger',
        () => admin.GET('/api/admin/ledger', { parseAs: 'arrayBuffer' }),
        plan.durationSeconds,
      );
      const filtered = await sequentialLatency(
        'GET /api/admin/ledger?type=refund',
        () =>
          admin.GET('/api/admin/ledger', { params: { query: { type: 'refund' } }, parseAs: 'arrayBuffer' }),
        plan.durationSeconds,
      );
      const download = await measureExport(service, 'GET /api/admin/ledger/export', () =>
        admin.GET('/api/admin/ledger/export', { parseAs: 'stream' }),
      );
      if (download.rows !== rows) {
        throw new Error(
          `the ledger export has ${download.rows} rows, the store ${rows}; log: ${service.logFile}`,
        );
      }
      figures.push({
        rows,
        seedSeconds,
        pageP50Ms: page.p50Ms,
        pageP99Ms: page.p99Ms,
        filteredPageP50Ms: filtered.p50Ms,
        filteredPageP99Ms: filtered.p99Ms,
        export: download,
      });
    } finally {
      await service.stop();
    }
  }
  return figures;
};
