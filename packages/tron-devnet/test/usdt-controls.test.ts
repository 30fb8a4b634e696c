import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_USDT_CONTRACT, startDevnet } from '../src/index.js';
import { DevnetClient, newAccount, TRX } from './support/devnet-client.js';
import { headUsdtBalance, REFERENCE, sendUsdt, solidUsdtBalance, USDT } from './support/usdt.js';

type Json = Record<string, unknown>;

describe('the USDT control API under /devnet/usdt/*', () => {
  let client: DevnetClient;

  beforeAll(async () => {
    client = await DevnetClient.start();
  });
  afterAll(() => client.stop());

  const controlRequest = async (path: string, body: unknown) => {
    const response = await fetch(`${client.devnet.url}${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Json };
  };

  it('mints to a base58 or hex address, straight into the head and the solid state, and answers the new balance', async () => {
    const account = newAccount();
    expect(await client.control.mintUsdt(account.base58, 3 * USDT)).toEqual({
      address: account.base58,
      balance: String(3 * USDT),
      totalSupply: expect.stringMatching(/^\d+$/),
    });
    const second = await controlRequest('/devnet/usdt/mint', { address: account.hex, amount: 2 * USDT });
    expect(second).toEqual({ status: 200, body: expect.objectContaining({ balance: String(5 * USDT) }) });
    expect(await headUsdtBalance(client, account.base58)).toBe(BigInt(5 * USDT));
    expect(await solidUsdtBalance(client, account.base58)).toBe(BigInt(5 * USDT));
    // Neither a transaction nor a TRX account comes of it.
    expect(await client.post('/wallet/getaccount', { address: account.hex })).toEqual({});
  });

  it('takes amounts beyond a safe JSON number as decimal text, to the base unit', async () => {
    const whale = newAccount();
    const huge = 123_456_789_012_345_678_901n;
    await client.control.mintUsdt(whale.base58, huge);
    expect(await headUsdtBalance(client, whale.base58)).toBe(huge);
    const supplyBefore = BigInt((await client.control.mintUsdt(newAccount().base58, 1)).totalSupply);
    const supplyAfter = BigInt((await client.control.mintUsdt(newAccount().base58, 9)).totalSupply);
    expect(supplyAfter - supplyBefore).toBe(9n);
  });

  it('answers 400 with a clear message to a mint it cannot do', async () => {
    const account = newAccount();
    const cases: [Json, string][] = [
      [{ address: 'not-an-address', amount: 1 }, 'address must be a base58 or 41-prefixed hex TRON address'],
      [{ amount: 1 }, 'address must be'],
      [{ address: account.base58 }, 'amount must be a positive integer'],
      [{ address: account.base58, amount: 0 }, 'amount must be a positive integer'],
      [{ address: account.base58, amount: -5 }, 'amount must be a positive integer'],
      [{ address: account.base58, amount: 1.5 }, 'amount must be a positive integer'],
      [{ address: account.base58, amount: '12abc' }, 'amount must be a positive integer'],
      [{ address: account.base58, amount: `1${'0'.repeat(80)}` }, 'exceed uint256'],
    ];
    for (const [body, message] of cases) {
      const reply = await controlRequest('/devnet/usdt/mint', body);
      expect(reply.status).toBe(400);
      expect(String(reply.body.error)).toContain(message);
    }
    expect(await headUsdtBalance(client, account.base58)).toBe(0n);
  });

  it('answers the energy settings (mainnet defaults from the reference) and applies a change to the next transfer', async () => {
    expect(await client.control.usdtSettings()).toEqual({
      energyToHolder: REFERENCE.energyToHolder,
      energyToNonHolder: REFERENCE.energyToNonHolder,
      penaltyToHolder: REFERENCE.penaltyToHolder,
      penaltyToNonHolder: expect.any(Number),
      revertEnergy: expect.any(Number),
      transferReturnsTrue: false,
    });
    const original = await client.control.usdtSettings();
    expect(await client.get('/devnet/usdt/settings')).toEqual(original);
    const changed = await client.control.usdtSettings({
      energyToNonHolder: 90_000,
      penaltyToNonHolder: 60_000,
    });
    expect(changed).toMatchObject({ energyToNonHolder: 90_000, penaltyToNonHolder: 60_000 });
    try {
      const sender = await client.fundedAccount(50 * TRX);
      await client.control.mintUsdt(sender.base58, 2 * USDT);
      const txId = await sendUsdt(client, sender, newAccount().base58, 1 * USDT);
      await client.produceBlocks(1);
      expect((await client.post('/wallet/gettransactioninfobyid', { value: txId })).receipt).toMatchObject({
        energy_usage_total: 90_000,
        energy_fee: 90_000 * REFERENCE.energyPriceSun,
        energy_penalty_total: 60_000,
      });
    } finally {
      await client.control.usdtSettings(original);
    }
  });

  it('answers 400 to a setting it cannot take, and keeps the settings it had', async () => {
    const before = await client.control.usdtSettings();
    const cases: [Json, string][] = [
      [{ energyToHolder: -1 }, 'energyToHolder must be a non-negative integer'],
      [{ revertEnergy: 1.5 }, 'revertEnergy must be a non-negative integer'],
      [{ energyToHolder: '70000' }, 'energyToHolder must be a non-negative integer'],
      [{ transferReturnsTrue: 'yes' }, 'transferReturnsTrue must be true or false'],
      [{ penaltyToHolder: REFERENCE.energyToHolder + 1 }, 'penaltyToHolder cannot exceed energyToHolder'],
      [{ energyToHolder: 70_000, colour: 'blue' }, 'unknown USDT settings colour'],
    ];
    for (const [body, message] of cases) {
      const reply = await controlRequest('/devnet/usdt/settings', body);
      expect(reply.status).toBe(400);
      expect(String(reply.body.error)).toContain(message);
    }
    expect(await client.control.usdtSettings()).toEqual(before);
  });

  it('reports the contract in /devnet/state and on the running devnet', async () => {
    expect((await client.control.state()).usdtContract).toBe(DEVNET_USDT_CONTRACT);
    expect(client.devnet.usdtContract).toBe(DEVNET_USDT_CONTRACT);
  });

  it('mints in process like POST /devnet/usdt/mint, and throws what the route answers 400 to', async () => {
    const account = newAccount();
    expect(client.devnet.mintUsdt(account.hex, 7n)).toBe('7');
    expect(client.devnet.mintUsdt(account.base58, '3')).toBe('10');
    expect(await headUsdtBalance(client, account.base58)).toBe(10n);
    expect(() => client.devnet.mintUsdt('nope', 1)).toThrow('address must be');
    expect(() => client.devnet.mintUsdt(account.base58, 0)).toThrow('amount must be');
  });
});

describe('USDT settings given as DevnetOptions', () => {
  it('start the devnet with those energies instead of mainnet’s', async () => {
    const client = await DevnetClient.start({ usdt: { energyToNonHolder: 50_000, penaltyToNonHolder: 0 } });
    try {
      expect(await client.control.usdtSettings()).toMatchObject({
        energyToNonHolder: 50_000,
        penaltyToNonHolder: 0,
        energyToHolder: REFERENCE.energyToHolder,
      });
      const sender = await client.fundedAccount(50 * TRX);
      await client.control.mintUsdt(sender.base58, 2 * USDT);
      const txId = await sendUsdt(client, sender, newAccount().base58, 1 * USDT);
      await client.produceBlocks(1);
      const receipt = (await client.post('/wallet/gettransactioninfobyid', { value: txId })).receipt as Json;
      expect(receipt.energy_usage_total).toBe(50_000);
      expect(receipt).not.toHaveProperty('energy_penalty_total');
    } finally {
      await client.stop();
    }
  });

  it('refuse to start on settings that cannot hold', async () => {
    await expect(startDevnet({ blockIntervalMs: 0, usdt: { revertEnergy: -3 } })).rejects.toThrow(
      'revertEnergy must be a non-negative integer',
    );
  });
});
