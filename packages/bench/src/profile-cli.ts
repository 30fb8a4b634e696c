import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import { summariseCpuProfile } from './cpu-profile-summary.js';
import { freePort } from './free-port.js';
import { endpointCases, startCaseWriter } from './http-suite.js';
import { runLoad, runMixedLoad } from './load.js';
import { describeCpuPerPair, runMoneyPath } from './money-path.js';
import { PRODUCTS_IN_MIX, productIdsOf, productMix } from './mixed-reads.js';
import { startMoneyPathNode } from './money-path-node.js';
import { startRemoteProfile } from './remote-profile.js';
import { hashPassword } from './password-hash.js';
import { FULL_PLAN } from './plan.js';
import { seedDataSet } from './seed-data-set.js';
import { startServiceProcess } from './service-process.js';
import { signIn } from './shop-client.js';
import { newWorkDir } from './work-dir.js';
import { SQLITE_FILE } from './sqlite-file.js';
import { parseCommandLine } from './command-line.js';

/*
 * pnpm bench:profile <endpoint name> [orders] [seconds]: seeds a data set, runs the service with
 * --cpu-prof under autocannon on one endpoint of the HTTP set, and prints where the time went.
 * pnpm bench:profile money-path [buyers]: the money path (order + pay, 50 at once) on a fresh
 * SQLite instance, its node a devnet process of its own, as in the benchmark.
 */
const USAGE = [
  'usage: pnpm bench:profile [<endpoint> [<orders> [<seconds>]]]',
  '       pnpm bench:profile money-path [<buyers>]',
  'Profiles one endpoint of the HTTP set (default products, over 100000 orders, for 10 s) with',
  '--cpu-prof under load, or the money path (default 300 buyers), and prints where the time went.',
].join('\n');

const { positionals } = parseCommandLine('bench:profile', USAGE, [], 3);
const [name = 'products', ordersArg = '100000', secondsArg = '10'] = positionals;

const printProfile = (profileDir: string, headline: string) => {
  const file = join(profileDir, readdirSync(profileDir)[0] as string);
  const summary = summariseCpuProfile(file);
  const pct = (share: number) => `${(share * 100).toFixed(1)}%`.padStart(6);
  console.log(headline);
  console.log(`profile: ${file} (${summary.samples} samples)\n\nself time by owner:`);
  for (const share of summary.byOwner) console.log(`${pct(share.share)}  ${share.name}`);
  console.log('\nself time by function:');
  for (const share of summary.byFunction) console.log(`${pct(share.share)}  ${share.name}`);
};

const profileMoneyPath = async (buyers: number) => {
  const dataDir = newWorkDir('profile-money-path');
  const profileDir = join(dataDir, 'profile');
  mkdirSync(profileDir, { recursive: true });
  const admin = { ADMIN_EMAIL: 'bench-admin@trx-shop.test', ADMIN_PASSWORD: 'bench admin password' };
  const node = await startMoneyPathNode(dataDir);
  let figures: Awaited<ReturnType<typeof runMoneyPath>>;
  try {
    const service = await startServiceProcess({
      dataDir,
      port: await freePort(),
      env: { ...admin, ...node.env, LISTENER_INTERVAL_MS: String(3_600_000) },
    });
    try {
      // Only the pairs are profiled: the buyers' registration (argon2 on the thread pool) is set-up.
      let profile: Awaited<ReturnType<typeof startRemoteProfile>> | undefined;
      figures = await runMoneyPath({
        baseUrl: service.baseUrl,
        adminEmail: admin.ADMIN_EMAIL,
        adminPassword: admin.ADMIN_PASSWORD,
        buyers,
        warmUpPairs: FULL_PLAN.warmUpPairs,
        concurrentUsers: 50,
        fund: node.fund,
        processes: { service: service.pid, node: node.pid },
        beforePairs: async () => {
          profile = await startRemoteProfile(service.pid);
        },
      });
      await profile?.stop(join(profileDir, 'pairs.cpuprofile'));
    } finally {
      await service.stop();
    }
  } finally {
    // A failed run must not leave the devnet process behind.
    await node.stop();
  }
  printProfile(
    profileDir,
    `money path: ${figures.pairs} pairs, ${figures.pairsPerSecond.toFixed(1)}/s, create p50/p99 ${figures.createOrderP50Ms.toFixed(0)}/${figures.createOrderP99Ms.toFixed(0)} ms, pay p50/p99 ${figures.payP50Ms.toFixed(0)}/${figures.payP99Ms.toFixed(0)} ms; CPU a pair: ${describeCpuPerPair(figures)}`,
  );
};

const profileEndpoint = async () => {
  const dir = newWorkDir(`profile-${name}`);
  const password = 'bench shopper password';
  const store = await openSqliteStore({ filename: join(dir, SQLITE_FILE) });
  const logins = await seedDataSet(
    store,
    { ...FULL_PLAN.dataSet, orders: Number(ordersArg) },
    await hashPassword(password),
    password,
  );
  await store.close();

  const profileDir = join(dir, 'profile');
  const service = await startServiceProcess({
    dataDir: dir,
    port: await freePort(),
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
    // To compare with logging off, say: LOG_LEVEL=warn pnpm bench:profile products
    env: process.env.LOG_LEVEL ? { LOG_LEVEL: process.env.LOG_LEVEL } : {},
  });
  const admin = await signIn(service.baseUrl, logins.adminEmail, password);
  const customer = await signIn(service.baseUrl, logins.customerEmail, password);
  const endpoint = endpointCases(admin, customer, logins).find((candidate) => candidate.name === name);
  if (!endpoint) throw new Error(`unknown endpoint ${name}`);
  const load = { connections: 10, durationSeconds: Number(secondsArg) };
  // A mix (catalogue pages, products, order pages) runs as the benchmark runs it, stock changing
  // meanwhile where the benchmark changes it: the answers it re-renders are part of the profile.
  const mix = endpoint.mix ? await endpoint.mix() : undefined;
  // The benchmark's stock targets: the products of its product mix.
  const stopWriter = startCaseWriter(
    endpoint,
    { admin, customer },
    endpoint.stockWritesPerSecond ? productIdsOf(await productMix(service.baseUrl, PRODUCTS_IN_MIX)) : [],
  );
  const figures = mix
    ? await runMixedLoad({ ...load, baseUrl: service.baseUrl, requests: mix })
    : await runLoad({
        ...load,
        url: `${service.baseUrl}${endpoint.path}`,
        method: endpoint.method,
        headers: endpoint.token ? { authorization: `Bearer ${endpoint.token}` } : {},
      });
  const writes = stopWriter ? await stopWriter() : {};
  const writesMade = [
    writes.stockWrites === undefined ? '' : `${writes.stockWrites} stock changes; `,
    writes.usernameWrites === undefined ? '' : `${writes.usernameWrites} username changes; `,
  ].join('');
  await service.stop();
  printProfile(
    profileDir,
    `${writesMade}${endpoint.method} ${endpoint.path}: ${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${figures.latencyP50Ms} ms`,
  );
};

if (name === 'money-path') await profileMoneyPath(Number(positionals[1] ?? '300'));
else await profileEndpoint();
