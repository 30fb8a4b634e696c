import { availableParallelism, totalmem } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevnetClient, SOLID_DEPTH } from './support/devnet-client.js';
import { loadFixture, shapeDifferences } from './support/json-shape.js';

interface BlockLike {
  readonly blockID: string;
  readonly block_header: { readonly raw_data: { readonly number: number } };
}

/** java-tron's `BlockId.getString()`, built from a block TronWeb read on its own. */
const blockIdString = (block: BlockLike) => `Num:${block.block_header.raw_data.number},ID:${block.blockID}`;

describe('getnodeinfo', () => {
  let client: DevnetClient;

  beforeAll(async () => {
    client = await DevnetClient.start();
    await client.produceBlocks(SOLID_DEPTH + 3);
  });
  afterAll(() => client.stop());

  it('names the head and the solid block as java-tron does, and follows the chain as blocks are made', async () => {
    const before = await client.tronWeb.trx.getNodeInfo();
    expect(before.block).toBe(blockIdString(await client.tronWeb.trx.getCurrentBlock()));
    expect(before.solidityBlock).toBe(blockIdString(await client.tronWeb.trx.getConfirmedCurrentBlock()));

    const head = await client.produceBlocks(2);
    const after = await client.tronWeb.trx.getNodeInfo();
    const headBlock = await client.tronWeb.trx.getCurrentBlock();
    const solidBlock = await client.tronWeb.trx.getConfirmedCurrentBlock();
    expect(headBlock.block_header.raw_data.number).toBe(head);
    expect(after.block).toBe(blockIdString(headBlock));
    expect(after.solidityBlock).toBe(blockIdString(solidBlock));
    expect(after.solidityBlock).not.toBe(before.solidityBlock);
    // The head less the blocks not yet solid (`Manager.fetchSyncBeginNumber`).
    expect(after.beginSyncNum).toBe(head - SOLID_DEPTH);
  });

  it('answers on the solidity API with the chain as of the solid block, to GET and POST alike', async () => {
    const solid = blockIdString(await client.tronWeb.trx.getConfirmedCurrentBlock());
    const posted = await client.post('/walletsolidity/getnodeinfo');
    expect(posted).toMatchObject({ block: solid, solidityBlock: solid });
    expect(await client.get('/walletsolidity/getnodeinfo')).toMatchObject({
      block: solid,
      solidityBlock: solid,
    });
    expect((await client.get('/wallet/getnodeinfo')).block).toBe(
      blockIdString(await client.tronWeb.trx.getCurrentBlock()),
    );
  });

  it("gives TronWeb's getFullnodeVersion a java-tron release to gate its features on", async () => {
    await client.tronWeb.getFullnodeVersion();
    expect(client.tronWeb.fullnodeVersion).toBe('4.8.0');
    expect(client.tronWeb.fullnodeSatisfies('>=4.1.1')).toBe(true);
  });

  it('reports no peers and the machine the devnet runs on', async () => {
    const info = await client.tronWeb.trx.getNodeInfo();
    expect(info).toMatchObject({
      currentConnectCount: 0,
      activeConnectCount: 0,
      passiveConnectCount: 0,
      totalFlow: 0,
      peerList: [],
      cheatWitnessInfoMap: {},
    });
    expect(info.machineInfo).toMatchObject({
      cpuCount: availableParallelism(),
      totalMemory: totalmem(),
      javaVersion: process.version,
      deadLockThreadCount: 0,
    });
    for (const rate of [info.machineInfo.cpuRate, info.machineInfo.processCpuRate]) {
      expect(rate).toBeGreaterThanOrEqual(0);
      expect(rate).toBeLessThanOrEqual(1);
    }
  });

  it("has the fields and JSON types of java-tron's documented reply, apart from those listed", async () => {
    const info = await client.post('/wallet/getnodeinfo');
    // Items the documentation's example leaves out are printed by java-tron all the same (NodeInfoService).
    expect(shapeDifferences(info, loadFixture('getnodeinfo.txt'))).toEqual([
      '$.peerList: only devnet',
      // The build number, the VM switch and the database format describe a java-tron installation.
      '$.configNodeInfo.versionNum: only java-tron',
      '$.configNodeInfo.supportConstant: only java-tron',
      '$.configNodeInfo.dbVersion: only java-tron',
      '$.configNodeInfo.activeNodeSize: only devnet',
      '$.configNodeInfo.passiveNodeSize: only devnet',
      '$.configNodeInfo.sendNodeSize: only devnet',
      '$.configNodeInfo.allowCreationOfContracts: only devnet',
      '$.configNodeInfo.allowAdaptiveEnergy: only devnet',
      // Node.js gives no thread count.
      '$.machineInfo.threadCount: only java-tron',
      '$.machineInfo.processCpuRate: only devnet',
      '$.machineInfo.deadLockThreadInfoList: only devnet',
      '$.cheatWitnessInfoMap: only devnet',
    ]);
  });
});
