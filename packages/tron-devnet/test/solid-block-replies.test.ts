import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevnetChain } from '../src/chain/chain.js';
import { KEPT_SOLID_REPLIES, solidBlockReplies } from '../src/http/solid-block-replies.js';
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

describe('solidBlockReplies', () => {
  it('keeps the replies of the latest `kept` solid blocks only, made once each as they become solid', () => {
    const listeners: (() => void)[] = [];
    let solidNumber = 0;
    const chain = {
      onChange: (listener: () => void) => listeners.push(listener),
      get solidBlock() {
        return { number: solidNumber };
      },
      block: (number: number) => (number <= solidNumber ? { number } : undefined),
    } as unknown as DevnetChain;
    const rendered: number[] = [];
    const replies = solidBlockReplies(
      chain,
      (block) => {
        rendered.push(block.number);
        return `block ${block.number}`;
      },
      2,
    );
    const solidify = (number: number) => {
      solidNumber = number;
      for (const listener of listeners) listener();
    };

    solidify(1);
    solidify(1); // a change that made no block solid renders nothing
    solidify(4); // three blocks at once: only the latest two are kept, so block 2 is not rendered
    expect(rendered).toEqual([1, 3, 4]);
    expect([1, 2, 3, 4].map(replies.textOf)).toEqual([undefined, undefined, 'block 3', 'block 4']);
    solidify(5);
    expect([3, 4, 5].map(replies.textOf)).toEqual([undefined, 'block 4', 'block 5']);
  });
});
