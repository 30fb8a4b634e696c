import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTronChain } from '@trx-shop/chain-tron';
import { makeDataDir, removeDataDir, startServiceProcess } from '@trx-shop/test-kit';
import { DEVNET_USDT_CONTRACT } from '@trx-shop/tron-devnet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { DEFAULT_USDT_CONTRACTS } from '../../src/config/usdt-settings.js';
import { verifyUsdtContract } from '../../src/composition/verify-usdt.js';

/*
 * Issue 50, the chain half: the service follows the network's USDT contract, or the one
 * USDT_CONTRACT names, or none (off), and refuses to start on a contract that is not USDT with
 * 6 decimals.
 */

const here = dirname(fileURLToPath(import.meta.url));
const mainnetGenesis: unknown = JSON.parse(
  readFileSync(join(here, '..', 'fixtures', 'genesis-mainnet.json'), 'utf8'),
);
const MAINNET_USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const SECRETS = {
  JWT_ACCESS_SECRET: 'a'.repeat(40),
  JWT_REFRESH_SECRET: 'b'.repeat(40),
  WALLET_ENCRYPTION_KEY: 'c'.repeat(64),
  PUBLIC_URL: 'https://shop.example',
};

const word = (value: number) => value.toString(16).padStart(64, '0');
const abiString = (text: string) =>
  `${word(32)}${word(Buffer.byteLength(text))}${Buffer.from(text).toString('hex').padEnd(64, '0')}`;
const viewAnswer = (hex: string) => ({ result: { result: true }, energy_used: 300, constant_result: [hex] });

interface FakeToken {
  readonly symbol: string;
  readonly decimals: number;
}

/**
 * A mainnet node as far as start-up asks: block 0, and view calls of a token answering `token`
 * (or, when null, refusing them as java-tron does for an address holding no contract).
 */
const tokenNode = async (token: FakeToken | null): Promise<{ url: string; server: Server }> => {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      const path = request.url ?? '';
      if (path.includes('getblockbynum')) return response.end(JSON.stringify(mainnetGenesis));
      if (!path.includes('triggerconstantcontract')) return response.end('{}');
      if (token === null) {
        const message = Buffer.from('No contract or not a valid smart contract').toString('hex');
        return response.end(JSON.stringify({ result: { code: 'CONTRACT_VALIDATE_ERROR', message } }));
      }
      const selector = (JSON.parse(body) as { function_selector: string }).function_selector;
      const hex = selector === 'symbol()' ? abiString(token.symbol) : word(token.decimals);
      return response.end(JSON.stringify(viewAnswer(hex)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, server };
};

describe('USDT configuration', () => {
  const usdtOf = (env: Record<string, string>) => {
    const loaded = loadConfig(env);
    if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
    return loaded.config.usdt;
  };
  const problemsOf = (env: Record<string, string>) => {
    const loaded = loadConfig(env);
    return loaded.ok ? [] : loaded.problems;
  };

  it('defaults to the declared network’s Tether USD, with a 100 TRX fee limit and mainnet’s energy', () => {
    const expected = {
      mainnet: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      nile: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
      shasta: 'TG3XXyExBkPp9nzdajDZsozEu4BkaSJozs',
    };
    for (const [network, contractAddress] of Object.entries(expected)) {
      expect(usdtOf({ TRON_NETWORK: network, TRON_FULL_HOST: 'https://node.example' })).toEqual({
        contractAddress,
        feeLimitCapSun: 100_000_000,
        holderEnergy: 64_285,
        nonHolderEnergy: 130_285,
      });
    }
    expect(usdtOf({})?.contractAddress).toBe(DEVNET_USDT_CONTRACT);
    expect(DEFAULT_USDT_CONTRACTS.devnet).toBe(DEVNET_USDT_CONTRACT);
  });

  it('takes USDT_CONTRACT, USDT_FEE_LIMIT_TRX and the energy overrides as given', () => {
    expect(
      usdtOf({
        USDT_CONTRACT: MAINNET_USDT,
        USDT_FEE_LIMIT_TRX: '40.5',
        USDT_HOLDER_ENERGY: '70000',
        USDT_NON_HOLDER_ENERGY: '140000',
      }),
    ).toEqual({
      contractAddress: MAINNET_USDT,
      feeLimitCapSun: 40_500_000,
      holderEnergy: 70_000,
      nonHolderEnergy: 140_000,
    });
  });

  it('is off with USDT_CONTRACT=off, and for an undeclared node unless USDT_CONTRACT names a contract', () => {
    expect(usdtOf({ USDT_CONTRACT: 'off' })).toBeNull();
    expect(usdtOf({ TRON_FULL_HOST: 'http://127.0.0.1:1' })).toBeNull();
    expect(
      usdtOf({ TRON_FULL_HOST: 'http://127.0.0.1:1', USDT_CONTRACT: MAINNET_USDT })?.contractAddress,
    ).toBe(MAINNET_USDT);
  });

  it('refuses a bad contract address or fee limit at load, one line naming each variable', () => {
    const badChecksum = `${MAINNET_USDT.slice(0, -1)}${MAINNET_USDT.endsWith('u') ? 'v' : 'u'}`;
    for (const contract of ['TR7NH', badChecksum, '41a614f803b6fd780986a42c78ec9c7f77e6ded13c']) {
      expect(problemsOf({ USDT_CONTRACT: contract })).toEqual([
        `USDT_CONTRACT: must be a TRON base58 address (T...) or off, got ${JSON.stringify(contract)}`,
      ]);
    }
    for (const fee of ['0', '-1', '15000.000001', 'ten']) {
      expect(problemsOf({ USDT_FEE_LIMIT_TRX: fee })).toEqual([
        `USDT_FEE_LIMIT_TRX: must be a positive TRX amount of at most 15000 with at most 6 decimals, got ${JSON.stringify(fee)}`,
      ]);
    }
    expect(problemsOf({ USDT_HOLDER_ENERGY: '0' })).toEqual([
      'USDT_HOLDER_ENERGY: must be an integer from 1 to 10000000, got "0"',
    ]);
  });
});

describe('the USDT check at start', () => {
  let usdt: { url: string; server: Server };
  let eighteen: { url: string; server: Server };
  let tether: { url: string; server: Server };
  let none: { url: string; server: Server };
  beforeAll(async () => {
    usdt = await tokenNode({ symbol: 'USDT', decimals: 6 });
    eighteen = await tokenNode({ symbol: 'USDT', decimals: 18 });
    tether = await tokenNode({ symbol: 'USDC', decimals: 6 });
    none = await tokenNode(null);
  });
  afterAll(() => {
    for (const node of [usdt, eighteen, tether, none]) node.server.close();
  });
  const check = (url: string) =>
    verifyUsdtContract(
      createTronChain({
        fullHost: url,
        timeoutMs: 2_000,
        usdt: { contractAddress: MAINNET_USDT, feeLimitCapSun: 100_000_000 },
      }).usdt,
    );

  it('accepts a contract answering USDT with 6 decimals, and checks nothing when USDT is off', async () => {
    await expect(check(usdt.url)).resolves.toBeUndefined();
    await expect(verifyUsdtContract(null)).resolves.toBeUndefined();
  });

  it('refuses a contract of another token or other decimals, naming USDT_CONTRACT and what it answered', async () => {
    await expect(check(eighteen.url)).rejects.toThrow(
      `USDT_CONTRACT: ${MAINNET_USDT} is "USDT" with 18 decimals, not USDT with 6;`,
    );
    await expect(check(tether.url)).rejects.toThrow(/^USDT_CONTRACT: .* is "USDC" with 6 decimals/);
  });

  it('refuses an address holding no contract with the node’s reason', async () => {
    await expect(check(none.url)).rejects.toThrow(
      /^USDT_CONTRACT: TR7N\w+ did not answer symbol\(\) and decimals\(\) \(.*No contract or not a valid smart contract/,
    );
  });

  /** The start's refusal: the service exits before its banner, saying why in its output. */
  const refusalOf = async (env: Record<string, string>): Promise<string> => {
    const dataDir = await makeDataDir();
    try {
      const service = await startServiceProcess(dataDir, env);
      await service.stop();
      throw new Error('the service started');
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    } finally {
      await removeDataDir(dataDir);
    }
  };

  it('the service refuses to start on mainnet when its USDT contract answers 18 decimals', async () => {
    const refusal = await refusalOf({
      NODE_ENV: 'production',
      ...SECRETS,
      TRON_NETWORK: 'mainnet',
      TRON_FULL_HOST: eighteen.url,
    });
    expect(refusal).toContain('service exited before the start-up banner');
    expect(refusal).toMatch(/start-up failed: USDT_CONTRACT: TR7N\w+ is "USDT" with 18 decimals/);
  }, 60_000);

  it('the embedded devnet: the banner names its USDT contract, checked at start', async () => {
    const dataDir = await makeDataDir();
    const service = await startServiceProcess(dataDir, {});
    try {
      expect(service.output()).toContain(
        `USDT       ${DEVNET_USDT_CONTRACT} (symbol USDT, 6 decimals: checked)`,
      );
    } finally {
      await service.stop();
      await removeDataDir(dataDir);
    }
  }, 60_000);

  it('the embedded devnet refuses to start when USDT_CONTRACT names an address holding no contract', async () => {
    const { address } = await createTronChain({ fullHost: usdt.url, timeoutMs: 1_000 }).createWallet();
    const refusal = await refusalOf({ USDT_CONTRACT: address });
    expect(refusal).toContain('service exited before the start-up banner');
    expect(refusal).toContain(
      `start-up failed: USDT_CONTRACT: ${address} did not answer symbol() and decimals()`,
    );
  }, 60_000);
});
