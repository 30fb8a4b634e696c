import type { DevnetChain } from '../chain/chain.js';
import type { BlockRecord } from '../chain/chain-state.js';

/** How many of the latest solid blocks keep their reply text: a few hundred busy blocks' worth. */
export const KEPT_SOLID_REPLIES = 256;

/**
 * The `getblockbynum` text of the latest solid blocks, made once as each block becomes solid.
 * A sealed block never changes, so neither does its reply (java-tron serves it from its block
 * store), and the embedded devnet should not spend the service's own cores rendering it again for
 * every read. Older blocks are rendered on demand.
 */
export const solidBlockReplies = (
  chain: DevnetChain,
  render: (block: BlockRecord) => string,
  kept: number = KEPT_SOLID_REPLIES,
) => {
  const texts = new Map<number, string>();
  let madeThrough = chain.solidBlock.number;
  chain.onChange(() => {
    const solid = chain.solidBlock.number;
    for (let number = Math.max(madeThrough + 1, solid - kept + 1); number <= solid; number += 1) {
      const block = chain.block(number, 'solid');
      if (block !== undefined) texts.set(number, render(block));
    }
    madeThrough = Math.max(madeThrough, solid);
    // A Map iterates in insertion order, and blocks become solid in order: the first is oldest.
    for (const number of texts.keys()) {
      if (texts.size <= kept) break;
      texts.delete(number);
    }
  });
  return {
    /** The reply of solid block `number`, when it is one of the latest; undefined otherwise. */
    textOf: (number: number): string | undefined => texts.get(number),
  };
};
