import { childEnv } from '@trx-shop/test-kit';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load-config.js';
import { loadOrCreateSecrets } from '../src/config/secrets-file.js';

const HEX_KEY = 'ab'.repeat(32);
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_ACCESS_SECRET: 'a'.repeat(40),
  JWT_REFRESH_SECRET: 'r'.repeat(40),
  WALLET_ENCRYPTION_KEY: HEX_KEY,
  TRON_NETWORK: 'mainnet',
  TRON_FULL_HOST: 'https://api.trongrid.io',
  PUBLIC_URL: 'https://shop.example',
} as const;

const problemsOf = (env: Record<string, string | undefined>): string[] => {
  const loaded = loadConfig(env);
  return loaded.ok ? [] : loaded.problems;
};

describe('loadConfig', () => {
  it('accepts a complete production configuration', () => {
    const loaded = loadConfig({
      ...PRODUCTION,
      PORT: '8080',
      CORS_ORIGINS: 'https://shop.example, https://admin.example',
    });
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.config).toMatchObject({
      production: true,
      port: 8080,
      corsOrigins: ['https://shop.example', 'https://admin.example'],
      secrets: {
        jwtAccess: PRODUCTION.JWT_ACCESS_SECRET,
        jwtRefresh: PRODUCTION.JWT_REFRESH_SECRET,
        walletKey: HEX_KEY,
      },
    });
  });

  it('needs no secret outside production and applies the documented defaults', () => {
    const loaded = loadConfig({});
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.config).toMatchObject({
      production: false,
      port: 3000,
      dataDir: './data',
      rateLimitMax: 300,
      authRateLimitMax: 10,
      listenerIntervalMs: 15_000,
      listenerLeaseMs: 45_000,
      eventRetentionDays: 30,
      eventPollIntervalMs: 50,
      eventHoleGraceMs: 2_000,
      readiness: { maxScannerLagBlocks: 100, maxEventLag: 1_000 },
      metrics: { token: null, port: null, host: '127.0.0.1' },
      webhooks: {
        retryScheduleMs: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
        timeoutMs: 10_000,
        disableAfterMs: 5 * 86_400_000,
        allowPrivateHosts: false,
      },
      argon2: { memoryKib: 19_456, timeCost: 2 },
      store: { kind: 'sqlite' },
      chain: { kind: 'devnet', port: 0, blockIntervalMs: 1000, solidDepth: 3, airdropTrx: 1000 },
      secrets: { jwtAccess: null, jwtRefresh: null, walletKey: null },
    });
  });

  it('reads webhook durations in ms, s, m, h and d', () => {
    const loaded = loadConfig({
      WEBHOOK_RETRY_SCHEDULE: '250ms,2s,3m,4h,1d',
      WEBHOOK_DISABLE_AFTER: '36h',
      WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true',
    });
    expect(loaded.ok && loaded.config.webhooks).toEqual({
      retryScheduleMs: [250, 2_000, 180_000, 14_400_000, 86_400_000],
      timeoutMs: 10_000,
      disableAfterMs: 129_600_000,
      allowPrivateHosts: true,
    });
  });

  it('holds the listener lease for three intervals when they exceed the 30 s minimum', () => {
    const loaded = loadConfig({ LISTENER_INTERVAL_MS: '20000' });
    expect(loaded.ok && loaded.config.listenerLeaseMs).toBe(60_000);
    const set = loadConfig({ LISTENER_INTERVAL_MS: '200', LISTENER_LEASE_MS: '2000' });
    expect(set.ok && set.config.listenerLeaseMs).toBe(2_000);
  });

  it.each([
    ['JWT_ACCESS_SECRET', { JWT_ACCESS_SECRET: undefined }],
    ['JWT_REFRESH_SECRET', { JWT_REFRESH_SECRET: undefined }],
    ['WALLET_ENCRYPTION_KEY', { WALLET_ENCRYPTION_KEY: undefined }],
    ['JWT_ACCESS_SECRET', { JWT_ACCESS_SECRET: '   ' }],
    ['JWT_ACCESS_SECRET', { JWT_ACCESS_SECRET: 'too-short' }],
    ['JWT_REFRESH_SECRET', { JWT_REFRESH_SECRET: 'a'.repeat(40) }],
    ['WALLET_ENCRYPTION_KEY', { WALLET_ENCRYPTION_KEY: 'not-hex' }],
    ['WALLET_ENCRYPTION_KEY', { WALLET_ENCRYPTION_KEY: 'ab'.repeat(31) }],
    ['WALLET_ENCRYPTION_PREVIOUS_KEYS', { WALLET_ENCRYPTION_PREVIOUS_KEYS: `${HEX_KEY},short` }],
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['RATE_LIMIT_MAX', { RATE_LIMIT_MAX: '0' }],
    ['AUTH_RATE_LIMIT_MAX', { AUTH_RATE_LIMIT_MAX: '1.5' }],
    ['LISTENER_INTERVAL_MS', { LISTENER_INTERVAL_MS: '-1' }],
    ['ARGON2_MEMORY_KIB', { ARGON2_MEMORY_KIB: '16' }],
    ['LOG_LEVEL', { LOG_LEVEL: 'loud' }],
    ['LOG_FORMAT', { LOG_FORMAT: 'colourful' }],
    ['SCANNER_START_BLOCK', { SCANNER_START_BLOCK: '-1' }],
    ['SCANNER_MAX_BLOCKS_PER_RUN', { SCANNER_MAX_BLOCKS_PER_RUN: '0' }],
    ['SCANNER_MAX_REQUESTS_PER_SECOND', { SCANNER_MAX_REQUESTS_PER_SECOND: 'fast' }],
    ['RECONCILE_MAX_REQUESTS_PER_SECOND', { RECONCILE_MAX_REQUESTS_PER_SECOND: '-2' }],
    ['EVENT_RETENTION_DAYS', { EVENT_RETENTION_DAYS: '0' }],
    ['EVENT_POLL_INTERVAL_MS', { EVENT_POLL_INTERVAL_MS: '5' }],
    ['EVENT_HOLE_GRACE_MS', { EVENT_HOLE_GRACE_MS: 'soon' }],
    ['LISTENER_LEASE_MS', { LISTENER_LEASE_MS: '500' }],
    ['WEBHOOK_RETRY_SCHEDULE', { WEBHOOK_RETRY_SCHEDULE: '5s,soon' }],
    ['READY_MAX_SCANNER_LAG_BLOCKS', { READY_MAX_SCANNER_LAG_BLOCKS: '-1' }],
    ['READY_MAX_EVENT_LAG', { READY_MAX_EVENT_LAG: 'many' }],
    ['METRICS_PORT', { METRICS_PORT: '99999' }],
    ['WEBHOOK_TIMEOUT_MS', { WEBHOOK_TIMEOUT_MS: '0' }],
    ['WEBHOOK_DISABLE_AFTER', { WEBHOOK_DISABLE_AFTER: 'a week' }],
    ['WEBHOOK_ALLOW_PRIVATE_HOSTS', { WEBHOOK_ALLOW_PRIVATE_HOSTS: 'yes' }],
    ['LISTENER_LEASE_MS', { LISTENER_INTERVAL_MS: '60000', LISTENER_LEASE_MS: '60000' }],
    ['MONGODB_URI', { MONGODB_URI: 'not a url' }],
    ['TRON_FULL_HOST', { TRON_FULL_HOST: 'ftp://node.example' }],
    ['MERCHANT_WALLET_ADDRESS', { MERCHANT_WALLET_ADDRESS: '0x52908400098527886E0F7030069857D2E4169EE7' }],
    ['CORS_ORIGINS', { CORS_ORIGINS: 'https://shop.example/path' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'admin@example.com' }],
    ['ADMIN_PASSWORD', { ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'short' }],
    ['PUBLIC_URL', { PUBLIC_URL: undefined }],
    ['PUBLIC_URL', { PUBLIC_URL: 'https://shop.example/shop' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'https://shop.example/?ref=mail' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'https://shop.example#top' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'ftp://shop.example' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'https://user:pw@shop.example' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'shop.example' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail.example:587', MAIL_FROM: 'shop@shop.example' }],
    ['SMTP_URL', { SMTP_URL: 'smtp://mail.example:587/inbox', MAIL_FROM: 'shop@shop.example' }],
    ['SMTP_URL', { SMTP_URL: 'smtp://mail.example:587?pool=true', MAIL_FROM: 'shop@shop.example' }],
    ['SMTP_URL', { SMTP_URL: 'smtp://mail.example:99999', MAIL_FROM: 'shop@shop.example' }],
    ['SMTP_URL', { SMTP_URL: 'smtp://mail.example:0', MAIL_FROM: 'shop@shop.example' }],
    ['SMTP_URL', { SMTP_URL: 'smtp://:secret@mail.example', MAIL_FROM: 'shop@shop.example' }],
    ['SMTP_URL', { SMTP_URL: 'smtp://user:%E0%A4%A@mail.example', MAIL_FROM: 'shop@shop.example' }],
    ['SMTP_URL', { SMTP_URL: 'mail.example:587', MAIL_FROM: 'shop@shop.example' }],
    ['MAIL_FROM', { SMTP_URL: 'smtp://mail.example' }],
    ['MAIL_FROM', { MAIL_FROM: 'shop' }],
    ['MAIL_FROM', { MAIL_FROM: 'shop@' }],
    ['MAIL_FROM', { MAIL_FROM: 'Shop <shop@shop.example' }],
    ['MAIL_FROM', { MAIL_FROM: 'a@shop.example, b@shop.example' }],
    ['MAIL_FROM', { MAIL_FROM: 'shop@shop.example\r\nBcc: all@elsewhere.example' }],
    ['SHOP_NAME', { SHOP_NAME: 'Shop\nBcc: all@elsewhere.example' }],
    ['SHOP_NAME', { SHOP_NAME: 'S'.repeat(101) }],
    ['REQUIRE_EMAIL_VERIFICATION', { REQUIRE_EMAIL_VERIFICATION: 'yes' }],
    ['REQUIRE_EMAIL_VERIFICATION', { REQUIRE_EMAIL_VERIFICATION: 'true' }],
    ['MAIL_RETRY_SCHEDULE', { MAIL_RETRY_SCHEDULE: '1m,later' }],
    ['MERCHANT_LOW_BALANCE_TRX', { MERCHANT_LOW_BALANCE_TRX: 'a lot' }],
    ['MERCHANT_LOW_BALANCE_TRX', { MERCHANT_LOW_BALANCE_TRX: '0' }],
    ['MERCHANT_LOW_BALANCE_TRX', { MERCHANT_LOW_BALANCE_TRX: '-5' }],
    ['MERCHANT_LOW_BALANCE_TRX', { MERCHANT_LOW_BALANCE_TRX: '1.1234567' }],
    ['MERCHANT_LOW_BALANCE_TRX', { MERCHANT_LOW_BALANCE_TRX: '1e3' }],
  ])('stops with exactly one line naming %s for %j in production', (variable, override) => {
    const problems = problemsOf({ ...PRODUCTION, ...override });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(variable);
    expect(problems[0]).not.toContain('\n');
  });

  it('reports every bad value at once, one line each', () => {
    const problems = problemsOf({ NODE_ENV: 'production', PORT: 'x', LOG_LEVEL: 'loud' });
    for (const variable of [
      'JWT_ACCESS_SECRET',
      'JWT_REFRESH_SECRET',
      'WALLET_ENCRYPTION_KEY',
      'TRON_NETWORK',
      'PUBLIC_URL',
      'PORT',
      'LOG_LEVEL',
    ]) {
      expect(problems.filter((line) => line.includes(variable)).length, variable).toBeGreaterThanOrEqual(1);
    }
    expect(problems).toHaveLength(7);
  });
});

describe('the server process', () => {
  const apiDir = join(dirname(fileURLToPath(import.meta.url)), '..');

  it('exits with code 1 and one stderr line naming the missing secret in production', async () => {
    const { code, stderr } = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--conditions=@trx-shop/source', '--import', 'tsx', 'src/server.ts'],
        {
          cwd: apiDir,
          // Only what the test sets: no secret may leak in from the developer's environment.
          env: childEnv({
            NODE_ENV: 'production',
            JWT_REFRESH_SECRET: PRODUCTION.JWT_REFRESH_SECRET,
            WALLET_ENCRYPTION_KEY: PRODUCTION.WALLET_ENCRYPTION_KEY,
            TRON_NETWORK: PRODUCTION.TRON_NETWORK,
            TRON_FULL_HOST: PRODUCTION.TRON_FULL_HOST,
            PUBLIC_URL: PRODUCTION.PUBLIC_URL,
            DATA_DIR: join(tmpdir(), 'trx-shop-never-created'),
          }),
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
      });
      child.on('error', reject);
      child.on('close', (exitCode) => resolve({ code: exitCode, stderr }));
    });

    expect(code).toBe(1);
    const lines = stderr.split('\n').filter((line) => line.trim().length > 0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('JWT_ACCESS_SECRET');
  }, 60_000);
});

describe('loadOrCreateSecrets', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'trx-shop-secrets-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const none = { jwtAccess: null, jwtRefresh: null, walletKey: null, previousWalletKeys: [] };

  it('creates secrets.json with mode 0600 and distinct, strong secrets', async () => {
    const secrets = await loadOrCreateSecrets(join(dataDir, 'fresh'), none);
    const file = join(dataDir, 'fresh', 'secrets.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(secrets.walletKey).toMatch(/^[0-9a-f]{64}$/);
    expect(secrets.jwtAccess.length).toBeGreaterThanOrEqual(32);
    expect(secrets.jwtRefresh.length).toBeGreaterThanOrEqual(32);
    expect(secrets.jwtAccess).not.toBe(secrets.jwtRefresh);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      jwtAccess: secrets.jwtAccess,
      jwtRefresh: secrets.jwtRefresh,
      walletKey: secrets.walletKey,
    });
    expect(secrets).toMatchObject({ walletKeySource: 'file', previousWalletKeys: [] });
  });

  it('reuses the stored secrets on a second call without rewriting the file', async () => {
    const dir = join(dataDir, 'reused');
    const first = await loadOrCreateSecrets(dir, none);
    const file = join(dir, 'secrets.json');
    const before = await readFile(file, 'utf8');
    const second = await loadOrCreateSecrets(dir, none);
    expect(second).toEqual(first);
    expect(await readFile(file, 'utf8')).toBe(before);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('lets configured values win over stored ones', async () => {
    const dir = join(dataDir, 'given');
    const stored = await loadOrCreateSecrets(dir, none);
    const given = await loadOrCreateSecrets(dir, {
      jwtAccess: 'configured-access-secret-of-length',
      jwtRefresh: null,
      walletKey: null,
      previousWalletKeys: [],
    });
    expect(given).toEqual({ ...stored, jwtAccess: 'configured-access-secret-of-length' });
  });

  it('keeps the file key openable when the environment brings its own, and the file previous keys too', async () => {
    const dir = join(dataDir, 'overridden');
    const stored = await loadOrCreateSecrets(dir, none);
    const older = 'ab'.repeat(32);
    const fileContent = JSON.parse(await readFile(join(dir, 'secrets.json'), 'utf8')) as object;
    await writeFile(
      join(dir, 'secrets.json'),
      JSON.stringify({ ...fileContent, previousWalletKeys: [older] }),
    );
    const configured = 'cd'.repeat(32);
    const retired = 'ef'.repeat(32);
    const secrets = await loadOrCreateSecrets(dir, {
      ...none,
      walletKey: configured,
      previousWalletKeys: [retired],
    });
    expect(secrets.walletKey).toBe(configured);
    expect(secrets.walletKeySource).toBe('environment');
    expect([...secrets.previousWalletKeys].sort()).toEqual([retired, older, stored.walletKey].sort());
  });
});
