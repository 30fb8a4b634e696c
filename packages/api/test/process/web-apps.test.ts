import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeDataDir, removeDataDir, startServiceProcess } from '@trx-shop/test-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnScript } from '../support/cli-process.js';

const STOREFRONT_HTML = '<!doctype html><title>the storefront of this test</title>';

describe('the service started with WEB_ROOT', () => {
  let dataDir: string;
  let webDir: string;
  beforeEach(async () => {
    dataDir = await makeDataDir();
    webDir = await mkdtemp(join(tmpdir(), 'trx-shop-web-process-'));
  });
  afterEach(async () => {
    await removeDataDir(dataDir);
    await rm(webDir, { recursive: true, force: true });
  });

  it('serves that build and names both apps in the banner and the log line', async () => {
    await mkdir(join(webDir, 'admin'));
    await writeFile(join(webDir, 'index.html'), STOREFRONT_HTML);
    await writeFile(join(webDir, 'admin', 'index.html'), '<!doctype html><title>admin</title>');
    const service = await startServiceProcess(dataDir, { WEB_ROOT: webDir });
    try {
      const banner = service.stderr().split('\n');
      expect(banner).toContain(`  Storefront ${service.apiUrl}/`);
      expect(banner).toContain(`  Admin app  ${service.apiUrl}/admin`);
      await service.waitForOutput('"msg":"TRX Shop is running"');
      const running = service
        .stdout()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; storefront?: string; admin?: string })
        .find((record) => record.msg === 'TRX Shop is running');
      expect(running).toMatchObject({ storefront: `${service.apiUrl}/`, admin: `${service.apiUrl}/admin` });
      const page = await fetch(`${service.apiUrl}/products/1`);
      expect(page.status).toBe(200);
      expect(await page.text()).toBe(STOREFRONT_HTML);
    } finally {
      expect(await service.stop()).toEqual({ code: 0, signal: null });
    }
  }, 90_000);

  it('refuses to start when WEB_ROOT holds no build, saying so', async () => {
    const run = spawnScript('src/server.ts', [], { DATA_DIR: dataDir, PORT: '0', WEB_ROOT: webDir });
    const exit = await run.exited;
    expect(exit.code).toBe(1);
    expect(run.stderr()).toContain(`start-up failed: WEB_ROOT: ${webDir} holds no index.html`);
  }, 60_000);
});
