import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEPT_SOLID_REPLIES } from '../src/http/solid-block-replies.js';
import { DevnetClient, newAccount, SOLID_DEPTH, TRX } from './support/devnet-client.js';

/**
 * A solid block's `getblockbynum` reply is made once, when the block becomes solid; it must be
 * the reply the block renders to on demand (`getblock` with detail renders every time), and a
 * block past the kept ones is still served.
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
    client.post('/wallet/getblock', { id_or_num: String(number), detail: true });

  it('answers a newly solid block exactly as the block renders, from both views', async () => {
    const rendered = await renderedOnDemand(busyBlock);
    expect((rendered.transactions as unknown[]).length).toBe(3);
    expect(await client.post('/walletsolidity/getblockbynum', { num: busyBlock })).toEqual(rendered);
    expect(await client.post('/wallet/getblockbynum', { num: busyBlock })).toEqual(rendered);
  });

  it('still answers a block once more blocks than it keeps have become solid after it', async () => {
    const before = await client.post('/walletsolidity/getblockbynum', { num: busyBlock });
    await client.produceBlocks(KEPT_SOLID_REPLIES + 10);
    expect(await client.post('/walletsolidity/getblockbynum', { num: busyBlock })).toEqual(before);
    expect(await client.post('/walletsolidity/getblockbynum', { num: busyBlock })).toEqual(
      await renderedOnDemand(busyBlock),
    );
  });
});
