import type { BlockProducer } from '../block-producer.js';
import { toBase58Address, toHexAddress } from '../chain/addresses.js';
import type { DevnetChain } from '../chain/chain.js';
import type { TransactionRecord } from '../chain/chain-state.js';
import { fundFromGenesis } from '../chain/genesis-funding.js';
import { type BroadcastFaults, FAULT_MODES, isFaultMode } from './broadcast-faults.js';
import type { RouteAnswer, RouteHandler } from './server.js';

export interface DevnetRouteDeps {
  readonly chain: DevnetChain;
  readonly producer: BlockProducer;
  readonly faults: BroadcastFaults;
}

/** Produced blocks per request: enough to pass any solid depth, small enough to answer quickly. */
const MAX_BLOCKS_PER_REQUEST = 10_000;

const ok = (body: unknown): RouteAnswer => ({ body });
const badRequest = (error: string): RouteAnswer => ({ status: 400, body: { error } });

const positiveInteger = (value: unknown): number | null => {
  const number = typeof value === 'string' && value !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : null;
};

const transferStatus = (record: Readonly<TransactionRecord>, solidNumber: number): string => {
  if (record.blockNumber === null) return 'pending';
  return record.blockNumber <= solidNumber ? 'solidified' : 'included';
};

export const devnetRoutes = ({ chain, producer, faults }: DevnetRouteDeps): [string, RouteHandler][] => {
  const state: RouteHandler = () =>
    ok({
      head: chain.head.number,
      solid: chain.solidBlock.number,
      headTime: chain.head.timestamp,
      usdtContract: toBase58Address(chain.usdtContract),
    });

  const fund: RouteHandler = (params) => {
    const address = toHexAddress(params.address);
    const amountSun = positiveInteger(params.amountSun);
    if (address === null) return badRequest('address must be a base58 or 41-prefixed hex TRON address');
    if (amountSun === null) return badRequest('amountSun must be a positive integer');
    const verdict = fundFromGenesis(chain, address, amountSun);
    if (verdict.kind === 'refused') {
      return badRequest(`${verdict.refusal.code}: ${verdict.refusal.message}`);
    }
    return ok({ txId: verdict.txId });
  };

  const transactions: RouteHandler = (params) => {
    const address = toHexAddress(params.address);
    if (address === null) return badRequest('address must be a base58 or 41-prefixed hex TRON address');
    const solidNumber = chain.solidBlock.number;
    return ok({
      transactions: chain.transactionsInvolving(address).map((record) => ({
        txId: record.txId,
        from: toBase58Address(record.effects.owner),
        to: toBase58Address(record.effects.to),
        amountSun: record.effects.amount,
        blockNumber: record.blockNumber,
        status: transferStatus(record, solidNumber),
        // Only once a block executed it: a pending transfer has no outcome yet.
        failed: record.blockNumber !== null && record.effects.failure !== undefined,
      })),
    });
  };

  const blocks: RouteHandler = (params) => {
    const count = positiveInteger(params.count ?? 1);
    if (count === null || count > MAX_BLOCKS_PER_REQUEST) {
      return badRequest(`count must be an integer from 1 to ${MAX_BLOCKS_PER_REQUEST}`);
    }
    for (let produced = 0; produced < count; produced += 1) chain.produceBlock();
    return ok({ head: chain.head.number });
  };

  const time: RouteHandler = (params) => {
    const advanceMs = positiveInteger(params.advanceMs);
    if (advanceMs === null) return badRequest('advanceMs must be a positive integer');
    chain.advanceTime(advanceMs);
    return ok({ headTime: chain.head.timestamp, chainTime: chain.chainNow });
  };

  const pause: RouteHandler = () => {
    producer.pause();
    return ok({ paused: true });
  };

  const resume: RouteHandler = () => {
    producer.resume();
    return ok({ paused: false });
  };

  const setFaults: RouteHandler = (params) => {
    const count = params.count === 0 ? 0 : positiveInteger(params.count);
    if (!isFaultMode(params.mode)) return badRequest(`mode must be one of ${FAULT_MODES.join(', ')}`);
    if (count === null) return badRequest('count must be a non-negative integer');
    faults.arm(params.mode, count);
    return ok(faults.state);
  };

  return [
    ['/devnet/state', state],
    ['/devnet/fund', fund],
    ['/devnet/transactions', transactions],
    ['/devnet/blocks', blocks],
    ['/devnet/time', time],
    ['/devnet/pause', pause],
    ['/devnet/resume', resume],
    ['/devnet/faults', setFaults],
  ];
};
