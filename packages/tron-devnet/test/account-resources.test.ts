import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billedBytes } from './support/bandwidth-bytes.js';
import { DevnetClient, TRX } from './support/devnet-client.js';

/** What a wallet computes before a contract call: staked energy still available. */
const energyAvailable = (resources: { EnergyLimit?: number; EnergyUsed?: number }) =>
  (resources.EnergyLimit ?? 0) - (resources.EnergyUsed ?? 0);

describe('getaccountresource: energy on a chain where nobody stakes', () => {
  let client: DevnetClient;

  beforeAll(async () => {
    client = await DevnetClient.start();
  });
  afterAll(() => client.stop());

  it("reports the network's energy limit as getchainparameters does, and no staked energy, used or not", async () => {
    const sender = await client.fundedAccount(5 * TRX);
    const recipient = await client.fundedAccount(1 * TRX);
    const { signed } = await client.transfer(sender, recipient.base58, 3);

    const resources = await client.tronWeb.trx.getAccountResources(sender.base58);
    const parameters = await client.tronWeb.trx.getChainParameters();
    const currentLimit = parameters.find((parameter) => parameter.key === 'getTotalEnergyCurrentLimit');
    expect(resources.freeNetUsed).toBe(billedBytes(signed));
    expect(resources.TotalEnergyLimit).toBe(currentLimit?.value);
    expect(resources.TotalEnergyLimit).toBeGreaterThan(0);
    // Zero, so JsonFormat leaves them out, as java-tron does when nothing is staked.
    expect(resources).not.toHaveProperty('EnergyLimit');
    expect(resources).not.toHaveProperty('EnergyUsed');
    expect(resources).not.toHaveProperty('TotalEnergyWeight');
    expect(energyAvailable(resources)).toBe(0);
  });
});
