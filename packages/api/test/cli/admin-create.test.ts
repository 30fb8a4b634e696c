import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '@trx-shop/store-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli-process.js';

const runAdminCreate = (
  args: readonly string[],
  dataDir: string,
  options: { stdin?: string; env?: Record<string, string> } = {},
) => runCli('admin-create', args, { DATA_DIR: dataDir, ...options.env }, options.stdin ?? '');

describe('pnpm admin:create', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'trx-shop-admin-create-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('creates an admin with a sealed custodial wallet in the configured store, and refuses a taken email', async () => {
    // The password arrives on standard input, never on the command line.
    const first = await runAdminCreate(['--email', 'Chief@Shop.test', '--username', 'chief'], dataDir, {
      stdin: 'a long password\n',
    });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('admin created: Chief@Shop.test');

    const store = await openSqliteStore({ filename: join(dataDir, 'trx-shop.sqlite') });
    try {
      const admin = await store.users.findByEmail('chief@shop.test');
      expect(admin).toMatchObject({ role: 'admin', username: 'chief', isActive: true });
      expect(admin?.wallet.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
      expect(admin?.wallet.encryptedPrivateKey).toMatch(/^[A-Za-z0-9_-]+:/);
      expect(admin?.passwordHash.startsWith('$argon2id$')).toBe(true);
      expect((await store.users.firstAdmin())?.id).toBe(admin?.id);
    } finally {
      await store.close();
    }

    // Email and password from the environment (as the bootstrap admin takes them).
    const again = await runAdminCreate(['--username', 'other'], dataDir, {
      env: { ADMIN_EMAIL: 'chief@shop.test', ADMIN_PASSWORD: 'another password' },
    });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('EMAIL_TAKEN');
  }, 60_000);

  it('prints its usage and exits 2 without an email', async () => {
    const run = await runAdminCreate([], dataDir, { stdin: 'a long password\n' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('usage: pnpm admin:create');
  }, 30_000);

  it('--help prints the usage and exits 0', async () => {
    const run = await runAdminCreate(['--help'], dataDir);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('usage: pnpm admin:create');
    expect(run.stdout).toContain('never from the command line');
  }, 30_000);

  it('refuses a password on the command line (it would show in ps), creating nothing', async () => {
    const run = await runAdminCreate(
      ['--email', 'argv@shop.test', '--password', 'visible password'],
      dataDir,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--password is not accepted');
    const store = await openSqliteStore({ filename: join(dataDir, 'trx-shop.sqlite') });
    try {
      expect(await store.users.findByEmail('argv@shop.test')).toBeNull();
    } finally {
      await store.close();
    }
  }, 30_000);

  it('checks the email before the username derived from it', async () => {
    const run = await runAdminCreate(['--email', 'ab'], dataDir, { stdin: 'a long password\n' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe('admin:create: VALIDATION_ERROR: Please provide a valid email');
  }, 30_000);
});
