import { spawn } from 'node:child_process';
import { childEnv, makeDataDir, removeDataDir, startServiceProcess } from '@trx-shop/test-kit';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTronChain } from '@trx-shop/chain-tron';
import { startDevnet } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { verifyNetwork } from '../../src/composition/verify-network.js';

/*
 * Issue 15, item 1: production runs on the chain it was told, and only that one. The service
 * reads the node's genesis block at start and refuses a node of another network.
 */

const here = dirname(fileURLToPath(import.meta.url));
const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(join(here, '..', 'fixtures', name), 'utf8'));

/** A node that answers block 0 with a recorded genesis reply (all it is asked at start-up). */
const genesisNode = async (reply: unknown): Promise<{ url: string; server: Server }> => {
  const server = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(request.url?.includes('getblockbynum') ? reply : {}));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, server };
};

const silent = { info: () => {}, warn: () => {} };
const SECRETS = {
  JWT_ACCESS_SECRET: 'a'.repeat(40),
  JWT_REFRESH_SECRET: 'b'.repeat(40),
  WALLET_ENCRYPTION_KEY: 'c'.repeat(64),
  PUBLIC_URL: 'https://shop.example',
};

let mainnet: { url: string; server: Server };
let nile: { url: string; server: Server };
beforeAll(async () => {
  mainnet = await genesisNode(fixture('genesis-mainnet.json'));
  nile = await genesisNode(fixture('genesis-nile.json'));
});
afterAll(() => {
  mainnet.server.close();
  nile.server.close();
});

describe('production configuration of the chain', () => {
  const problemsOf = (env: Record<string, string>) => {
    const loaded = loadConfig({ NODE_ENV: 'production', ...SECRETS, ...env });
    return loaded.ok ? [] : loaded.problems;
  };

  it('requires TRON_NETWORK in production, naming the variable in one line', () => {
    expect(problemsOf({ TRON_FULL_HOST: 'https://api.trongrid.io' })).toEqual([
      'TRON_NETWORK: required when NODE_ENV=production (one of mainnet, nile, shasta, devnet)',
    ]);
  });

  it('requires TRON_FULL_HOST for mainnet, Nile and Shasta, not for devnet', () => {
    for (const network of ['mainnet', 'nile', 'shasta']) {
      expect(problemsOf({ TRON_NETWORK: network })).toEqual([
        `TRON_FULL_HOST: required when TRON_NETWORK is ${network} (the node to use)`,
      ]);
    }
    expect(problemsOf({ TRON_NETWORK: 'devnet' })).toEqual([]);
  });

  it('refuses an unknown network name', () => {
    expect(problemsOf({ TRON_NETWORK: 'testnet', TRON_FULL_HOST: 'https://x.example' })).toEqual([
      'TRON_NETWORK: must be one of mainnet, nile, shasta, devnet',
    ]);
  });

  it('outside production: devnet by default, and a given node is checked only when a network is declared', () => {
    expect(loadConfig({})).toMatchObject({ ok: true, config: { tronNetwork: 'devnet' } });
    expect(loadConfig({ TRON_FULL_HOST: 'http://127.0.0.1:1' })).toMatchObject({
      ok: true,
      config: { tronNetwork: null },
    });
  });
});

describe('the genesis check at start', () => {
  const check = (url: string, tronNetwork: 'mainnet' | 'nile' | 'shasta' | 'devnet', production = true) =>
    verifyNetwork(createTronChain({ fullHost: url, timeoutMs: 2_000 }), { tronNetwork, production }, silent);

  it('accepts a node whose genesis block is the configured network’s', async () => {
    expect(await check(mainnet.url, 'mainnet')).toEqual({
      network: 'mainnet',
      genesisBlockId: '00000000000000001ebf88508a03865c71d452e25f4d51194196a1d22b6653dc',
      checked: true,
    });
    expect((await check(nile.url, 'nile')).network).toBe('nile');
  });

  it('refuses a Nile node configured as mainnet, and a public node configured as devnet', async () => {
    await expect(check(nile.url, 'mainnet')).rejects.toThrow(
      /^TRON_NETWORK: configured as mainnet, but the node serves nile \(genesis block 0000000000000000d698/,
    );
    await expect(check(mainnet.url, 'devnet')).rejects.toThrow(
      /configured as devnet, but the node serves mainnet/,
    );
  });

  it('recognises the devnet as devnet and never as mainnet', async () => {
    const devnet = await startDevnet({ blockIntervalMs: 0 });
    try {
      expect((await check(devnet.url, 'devnet')).network).toBe('devnet');
      await expect(check(devnet.url, 'mainnet')).rejects.toThrow(
        /configured as mainnet, but the node serves a network that is not/,
      );
    } finally {
      await devnet.stop();
    }
  });
});

describe('the service process', () => {
  /** Runs the server until it exits on its own (a refused start), and answers its output. */
  const runToExit = (dataDir: string, env: Record<string, string>) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--conditions=@trx-shop/source', '--import', 'tsx', 'src/server.ts'],
        {
          cwd: join(here, '..', '..'),
          env: childEnv({ DATA_DIR: dataDir, PORT: '0', ...env }),
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.on('close', (code) => resolve({ code, output }));
    });

  it('refuses to start against a node of another network, with one line and a non-zero exit', async () => {
    const dataDir = await makeDataDir();
    try {
      const { code, output } = await runToExit(dataDir, {
        NODE_ENV: 'production',
        ...SECRETS,
        TRON_NETWORK: 'mainnet',
        TRON_FULL_HOST: nile.url,
      });
      expect(code).not.toBe(0);
      const lines = output.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('{'));
      expect(lines).toEqual([
        expect.stringMatching(/TRON_NETWORK: configured as mainnet, but the node serves nile/),
      ]);
    } finally {
      await removeDataDir(dataDir);
    }
  }, 60_000);

  it('TRON_NETWORK=devnet in production: warns at start, adds no demo products', async () => {
    const dataDir = await makeDataDir();
    const service = await startServiceProcess(dataDir, {
      NODE_ENV: 'production',
      ...SECRETS,
      TRON_NETWORK: 'devnet',
      HOST: '127.0.0.1',
      ADMIN_EMAIL: 'owner@shop.example',
      ADMIN_PASSWORD: 'owner-password-1',
    });
    try {
      expect(service.output()).toContain('WARNING    TRON_NETWORK=devnet in production');
      expect(service.output()).toContain('TRON_NETWORK=devnet in production: payments are devnet TRX');
      expect(service.output()).not.toContain('Demo ');
      const products = (await (await fetch(`${service.apiUrl}/api/products`)).json()) as {
        pagination: { total: number };
      };
      expect(products.pagination.total).toBe(0);
    } finally {
      await service.stop();
      await removeDataDir(dataDir);
    }
  }, 60_000);
});
