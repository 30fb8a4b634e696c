import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevnetClient } from './support/devnet-client.js';

/** A fee schedule unlike mainnet's in every value, so each answer can only come from it. */
const SCHEDULE = {
  freeBandwidthBytes: 321,
  burnSunPerByte: 7,
  createAccountFeeSun: 2_500_000,
  createNewAccountBandwidthFeeSun: 150_000,
  energyFeeSun: 420,
  maxFeeLimitSun: 2_000_000_000,
};
/** java-tron's network-wide totals at mainnet's values (the devnet has no staking to divide them). */
const TOTAL_ENERGY_LIMIT = 180_000_000_000;
const TOTAL_NET_LIMIT = 43_200_000_000;

describe('chain parameters and price histories', () => {
  let client: DevnetClient;

  beforeAll(async () => {
    client = await DevnetClient.start(SCHEDULE);
  });
  afterAll(() => client.stop());

  it("answers getChainParameters with the devnet's fee schedule, in java-tron's keys and order, zeros as the key alone", async () => {
    expect(await client.tronWeb.trx.getChainParameters()).toEqual([
      { key: 'getCreateAccountFee', value: 150_000 },
      { key: 'getTransactionFee', value: 7 },
      { key: 'getCreateNewAccountFeeInSystemContract', value: 2_500_000 },
      { key: 'getEnergyFee', value: 420 },
      { key: 'getTotalEnergyLimit', value: TOTAL_ENERGY_LIMIT },
      { key: 'getAllowTvmTransferTrc10' },
      { key: 'getTotalEnergyCurrentLimit', value: TOTAL_ENERGY_LIMIT },
      { key: 'getMaxFeeLimit', value: 2_000_000_000 },
      { key: 'getFreeNetLimit', value: 321 },
      { key: 'getTotalNetLimit', value: TOTAL_NET_LIMIT },
      { key: 'getAllowDynamicEnergy' },
      { key: 'getDynamicEnergyThreshold' },
      { key: 'getDynamicEnergyIncreaseFactor' },
      { key: 'getDynamicEnergyMaxFactor' },
    ]);
  });

  it('gives an app reading `value ?? 0` the energy price, the fee_limit cap and a switched-off dynamic energy model', async () => {
    const parameters = await client.tronWeb.trx.getChainParameters();
    const read = (key: string) => parameters.find((parameter) => parameter.key === key)?.value ?? 0;
    expect(read('getEnergyFee')).toBe(SCHEDULE.energyFeeSun);
    expect(read('getMaxFeeLimit')).toBe(SCHEDULE.maxFeeLimitSun);
    expect(read('getAllowDynamicEnergy')).toBe(0);
    expect(read('getDynamicEnergyMaxFactor')).toBe(0);
  });

  it('answers getchainparameters to GET as to POST, on the full node only as java-tron does', async () => {
    const posted = await client.post('/wallet/getchainparameters');
    expect(await client.get('/wallet/getchainparameters')).toEqual(posted);
    expect(posted.chainParameter).toContainEqual({ key: 'getEnergyFee', value: 420 });
    const solidity = await fetch(`${client.devnet.url}/walletsolidity/getchainparameters`, {
      method: 'POST',
    });
    expect(solidity.status).toBe(404);
  });

  it('answers getEnergyPrices with the one energy price the devnet has had since genesis', async () => {
    expect(await client.tronWeb.trx.getEnergyPrices()).toBe('0:420');
  });

  it('answers getBandwidthPrices with the SUN burned per bandwidth byte (getTransactionFee)', async () => {
    expect(await client.tronWeb.trx.getBandwidthPrices()).toBe('0:7');
  });

  it('serves both price histories on the solidity API too, to GET and POST alike', async () => {
    for (const path of ['/wallet/getenergyprices', '/walletsolidity/getenergyprices']) {
      expect(await client.post(path)).toEqual({ prices: '0:420' });
      expect(await client.get(path)).toEqual({ prices: '0:420' });
    }
    for (const path of ['/wallet/getbandwidthprices', '/walletsolidity/getbandwidthprices']) {
      expect(await client.post(path)).toEqual({ prices: '0:7' });
      expect(await client.get(path)).toEqual({ prices: '0:7' });
    }
  });

  it("defaults to mainnet's schedule: 100 SUN per energy, a 15,000 TRX fee_limit cap, 1,000 SUN per byte", async () => {
    const mainnetLike = await DevnetClient.start();
    try {
      const parameters = await mainnetLike.tronWeb.trx.getChainParameters();
      expect(parameters).toContainEqual({ key: 'getEnergyFee', value: 100 });
      expect(parameters).toContainEqual({ key: 'getMaxFeeLimit', value: 15_000_000_000 });
      expect(parameters).toContainEqual({ key: 'getTransactionFee', value: 1000 });
      expect(await mainnetLike.tronWeb.trx.getEnergyPrices()).toBe('0:100');
      expect(await mainnetLike.tronWeb.trx.getBandwidthPrices()).toBe('0:1000');
    } finally {
      await mainnetLike.stop();
    }
  });
});
