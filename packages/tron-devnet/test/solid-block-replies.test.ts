import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_SOLID_REPLIES } from '../src/http/solid-block-replies.js';
import { DevnetClient, newAccount, SOLID_DEPTH, TRX } from './support/devnet-client.js';

/**
 * A solid block's `getblockbynum` reply in the `visible` form (the deposit scanner's) is made
 * once, when the block becomes solid; it must be the reply the block renders to on demand
 * (`getblock` with detail renders every time), and a block past the kept ones is still served.
 */
describe("solid blocks' replies made once", () => {
  let client: DevnetClient;
  let busyBlock: number;

  beforeAll(async () => {
    client = await DevnetClient.start();
    const sender = await client.fundedAccount(10 * TRX);
    const transfers = [];
    for (let index = 0; index < 3; index += 1) {
      transfers.push(await client.transfer(sender, newAccount().base58, (index + 1) * TRX));
    }
    busyBlock = await client.produceBlocks(1);
    await client.produceBlocks(SOLID_DEPTH);
  });
  afterAll(() => client.stop());

  const renderedOnDemand = (number: number) =>
    client.post('/wallet/getblock', { id_or_num: String(number), detail: true, visible: true });
  const byNumber = (path: string, number: number) => client.post(path, { num: number, visible: true });

  it('answers a newly solid block exactly as the block renders, from both views', async () => {
    const rendered = await renderedOnDemand(busyBlock);
    expect((rendered.transactions as unknown[]).length).toBe(3);
    expect(await byNumber('/walletsolidity/getblockbynum', busyBlock)).toEqual(rendered);
    expect(await byNumber('/wallet/getblockbynum', busyBlock)).toEqual(rendered);
  });

  it('still answers a block once more blocks than it keeps have become solid after it', async () => {
    const before = await byNumber('/walletsolidity/getblockbynum', busyBlock);
    await client.produceBlocks(KEPT_SOLID_REPLIES + 10);
    expect(await byNumber('/walletsolidity/getblockbynum', busyBlock)).toEqual(before);
    expect(await byNumber('/walletsolidity/getblockbynum', busyBlock)).toEqual(
      await renderedOnDemand(busyBlock),
    );
  });
});
