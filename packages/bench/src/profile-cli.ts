import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import { summariseCpuProfile } from './cpu-profile-summary.js';
import { freePort } from './free-port.js';
import { endpointCases } from './http-suite.js';
import { runLoad } from './load.js';
import { hashPassword } from './password-hash.js';
import { FULL_PLAN } from './plan.js';
import { seedDataSet } from './seed-data-set.js';
import { startServiceProcess } from './service-process.js';
import { signIn } from './shop-client.js';
import { newWorkDir } from './work-dir.js';
import { SQLITE_FILE } from './sqlite-file.js';

/*
 * pnpm bench:profile <endpoint name> [orders] [seconds]: seeds a data set, runs the service with
 * --cpu-prof under autocannon on one endpoint of the HTTP set, and prints where the time went.
 */
const [name = 'products', ordersArg = '100000', secondsArg = '10'] = process.argv.slice(2);
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
const endpoint = endpointCases(admin, customer, logins.customerSearch).find(
  (candidate) => candidate.name === name,
);
if (!endpoint) throw new Error(`unknown endpoint ${name}`);
const figures = await runLoad({
  url: `${service.baseUrl}${endpoint.path}`,
  method: endpoint.method,
  headers: endpoint.token ? { authorization: `Bearer ${endpoint.token}` } : {},
  connections: 10,
  durationSeconds: Number(secondsArg),
});
await service.stop();

const file = join(profileDir, readdirSync(profileDir)[0] as string);
const summary = summariseCpuProfile(file);
const pct = (share: number) => `${(share * 100).toFixed(1)}%`.padStart(6);
console.log(
  `${endpoint.method} ${endpoint.path}: ${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${figures.latencyP50Ms} ms`,
);
console.log(`profile: ${file} (${summary.samples} samples)\n\nself time by owner:`);
for (const share of summary.byOwner) console.log(`${pct(share.share)}  ${share.name}`);
console.log('\nself time by function:');
for (const share of summary.byFunction) console.log(`${pct(share.share)}  ${share.name}`);
