import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChainPort } from '@trx-shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningDevnetProcess, startDevnetProcess } from '../src/devnet-process.js';
import { usdtChainSection } from '../src/markdown-report.js';
import { TRANSFER_USDT_UNITS, usdtOf } from '../src/send-usdt-transfer.js';
import { measureBlockReads } from '../src/usdt-block-reads.js';
import { usdtChainAdapter } from '../src/usdt-chain-section.js';
import { fundUsdtWallets } from '../src/usdt-wallets.js';
import { describeUsdtTransferRate, measureUsdtTransferRate } from '../src/usdt-transfer-rate.js';

/*
 * The USDT section's measurements against a devnet process (its build: `tsc -b`), through the
 * TronWeb adapter the service uses; what each figure claims is checked against the devnet.
 */
const DEVNET_TEST_MS = 60_000;
const SOLID_DEPTH = 1;

let dir: string;
let devnet: RunningDevnetProcess;
let chain: ChainPort;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bench-usdt-chain-'));
  devnet = await startDevnetProcess(dir, SOLID_DEPTH);
  chain = usdtChainAdapter(devnet.url, (await devnet.control.state()).usdtContract);
}, DEVNET_TEST_MS);

afterAll(async () => {
  await devnet?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('USDT transfers per second through the adapter', () => {
  it(
    'reports a rate once every transfer landed SUCCESS with its Transfer log, the energy the devnet billed and one broadcast each',
    async () => {
      const { recipient, senders } = await fundUsdtWallets(chain, devnet.control, 4);
      const [warmUpSender, ...timedSenders] = senders;
      const before = await usdtOf(chain).getConfirmedBalance(recipient);

      const figure = await measureUsdtTransferRate(
        chain,
        devnet,
        { recipient, senders: timedSenders, warmUpSenders: [warmUpSender as (typeof senders)[number]] },
        2,
      );

      if ('notMeasured' in figure) throw new Error(`no rate: ${figure.notMeasured}`);
      expect(figure.transfers).toBe(3);
      expect(figure.warmUpTransfers).toBe(1);
      expect(figure.concurrency).toBe(2);
      expect(figure.transfersPerSecond).toBeGreaterThan(0);
      expect(figure.blocks).toBe(1);
      expect(figure.energyUsed).toBe((await devnet.control.usdtSettings()).energyToHolder);
      expect(figure.requestsPerTransferByPath['/wallet/broadcasttransaction']).toBe(1);
      expect(await usdtOf(chain).getConfirmedBalance(recipient)).toBe(before + 4 * TRANSFER_USDT_UNITS);
      expect(describeUsdtTransferRate(figure)).toMatch(/^\d+\/s \(3 transfers in /);
    },
    DEVNET_TEST_MS,
  );

  it(
    'reports no rate, and says how many transfers failed and how, when they run out of energy',
    async () => {
      const settings = await devnet.control.usdtSettings();
      // Three times the energy the adapter estimates: its fee limit (the estimate plus a quarter) runs out.
      await devnet.control.usdtSettings({ energyToHolder: settings.energyToHolder * 3 });
      try {
        const wallets = await fundUsdtWallets(chain, devnet.control, 2);

        const figure = await measureUsdtTransferRate(chain, devnet, { ...wallets, warmUpSenders: [] }, 2);

        expect(figure).toEqual({ notMeasured: expect.stringContaining('2 of 2 transfers failed') });
        expect(describeUsdtTransferRate(figure)).toMatch(/^not measured: .*landed OUT_OF_ENERGY/);
        const report = usdtChainSection(
          { transfers: 2, warmUpTransfers: 0, concurrency: 2, usdtTransfersPerBlock: [1], blockReads: 1 },
          { solidDepth: SOLID_DEPTH, rate: figure, blockReads: [] },
        );
        expect(report).toContain('| USDT transfers signed and accepted per second | not measured: 2 of 2');
        expect(report).not.toMatch(/\d\/s|p50 \/ p99/);
      } finally {
        await devnet.control.usdtSettings({ energyToHolder: settings.energyToHolder });
      }
    },
    DEVNET_TEST_MS,
  );
});

describe("the cost of reading a block's logs", () => {
  it(
    'reads a solid block of USDT transfers in two requests and a block of TRX transfers only in one',
    async () => {
      const wallets = await fundUsdtWallets(chain, devnet.control, 3);

      const [usdtBlock, trxBlock, ...more] = await measureBlockReads(chain, devnet, wallets, [3], 2);

      expect(more).toEqual([]);
      expect(usdtBlock).toMatchObject({
        contents: 'USDT',
        transfers: 3,
        reads: 2,
        requestsPerBlock: 2,
        requestPaths: ['/walletsolidity/getblockbynum', '/walletsolidity/gettransactioninfobyblocknum'],
      });
      expect(trxBlock).toMatchObject({
        contents: 'TRX',
        transfers: 3,
        reads: 2,
        requestsPerBlock: 1,
        requestPaths: ['/walletsolidity/getblockbynum'],
      });
      for (const figure of [usdtBlock, trxBlock]) {
        if (figure === undefined || 'notMeasured' in figure) throw new Error(JSON.stringify(figure));
        expect(figure.msPerBlock).toBeGreaterThan(0);
        expect(figure.msPerTransfer).toBeCloseTo(figure.msPerBlock / 3);
      }
    },
    DEVNET_TEST_MS,
  );
});
