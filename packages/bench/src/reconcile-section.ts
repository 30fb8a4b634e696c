import { performance } from 'node:perf_hooks';
import { createShopClient } from '@trx-shop/client';
import { eventually } from '@trx-shop/test-kit';
import { startDevnetProcess } from './devnet-process.js';
import { freePort } from './free-port.js';
import type { BenchPlan } from './plan.js';
import { startServiceProcess } from './service-process.js';
import { register, signIn, unwrapFor } from './shop-client.js';
import { newWorkDir } from './work-dir.js';

export interface ReconcileFigures {
  /** Custodial wallets whose balance the run read (the merchant's included). */
  readonly wallets: number;
  readonly blocks: number;
  readonly transfersChecked: number;
  readonly runMs: number;
  /** The run's time scaled to 10,000 wallets (what the issue asks `pnpm bench` to report). */
  readonly msPer10kWallets: number;
  readonly seedSeconds: number;
}

const SOLID_DEPTH = 1;
const CONCURRENCY = 8;
const FUNDINGS_PER_BLOCK = 500;
const ADMIN = { email: 'reconcile-admin@bench.example', password: 'reconcile admin password' };

/** Runs `work(index)` for 0..count-1, CONCURRENCY at a time. */
const eachIndex = async (count: number, work: (index: number) => Promise<void>): Promise<void> => {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await work(next++);
    }),
  );
};

/**
 * A full reconciliation (`POST /api/admin/reconciliation {allWallets: true}`) of `wallets`
 * custodial wallets made by registration, each funded once on a devnet process and scanned by the
 * service: every block compared both ways and every wallet's balance read from the node
 * (unpaced: RECONCILE_MAX_REQUESTS_PER_SECOND=0) and set against its ledger. The run must find
 * nothing wrong.
 */
export const runReconcileSection = async (plan: BenchPlan): Promise<ReconcileFigures> => {
  const dir = newWorkDir('reconcile');
  const devnet = await startDevnetProcess(dir, SOLID_DEPTH);
  const seedStarted = performance.now();
  try {
    const service = await startServiceProcess({
      dataDir: dir,
      port: await freePort(),
      env: {
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        TRON_FULL_HOST: devnet.url,
        LISTENER_INTERVAL_MS: '500',
        RECONCILE_MAX_REQUESTS_PER_SECOND: '0',
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
      },
    });
    try {
      const { baseUrl } = service;
      const runId = Date.now().toString(36);
      const addresses: string[] = [];
      await eachIndex(plan.reconcileWallets, async (index) => {
        const username = `holder_${runId}_${index}`;
        const account = await register(baseUrl, {
          email: `${username}@bench.example`,
          username,
          password: 'bench holder password',
        });
        addresses[index] = account.address;
      });
      let funded = 0;
      await eachIndex(addresses.length, async (index) => {
        await devnet.control.fund(addresses[index] as string, 1_000_000 + index);
        funded += 1;
        if (funded % FUNDINGS_PER_BLOCK === 0) await devnet.control.produceBlocks(1);
      });
      await devnet.control.produceBlocks(1 + SOLID_DEPTH);
      const guest = createShopClient({ baseUrl });
      await eventually(
        async () => {
          // Read on 503 (degraded) as well: the lag is in both answers.
          const { data, error } = await guest.GET('/api/health');
          const health = data ?? error;
          return health && 'scannerLagBlocks' in health ? health.scannerLagBlocks : undefined;
        },
        (lag) => lag === 0,
        'the scanner to record every funding',
        300_000,
        250,
      );
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      const admin = await signIn(baseUrl, ADMIN.email, ADMIN.password);
      const startedAt = performance.now();
      const { report } = await unwrapFor(
        'reconcile every wallet',
        admin.POST('/api/admin/reconciliation', { body: { allWallets: true } }),
      );
      const runMs = performance.now() - startedAt;
      const wallets = report.walletsChecked + report.openingsRecorded;
      if (!report.ok || wallets !== addresses.length + 1) {
        throw new Error(
          `the reconciliation found ${report.summary.discrepancies} discrepancies over ${wallets} wallets; log: ${service.logFile}`,
        );
      }
      return {
        wallets,
        blocks: report.blocks ? report.blocks.to - report.blocks.from + 1 : 0,
        transfersChecked: report.transfersChecked,
        runMs: Math.round(runMs),
        msPer10kWallets: Math.round((runMs * 10_000) / wallets),
        seedSeconds,
      };
    } finally {
      await service.stop();
    }
  } finally {
    await devnet.stop();
  }
};
