import type { RunningDevnet } from '@trx-shop/tron-devnet';

/** The devnet's control API (devnet only), as the tests need it. */

export interface DevnetTransfer {
  readonly txId: string;
  readonly from: string;
  readonly to: string;
  readonly amountSun: number;
  readonly blockNumber: number | null;
  readonly status: string;
}

const control = async (devnet: RunningDevnet, path: string, body?: unknown): Promise<unknown> => {
  const response = await fetch(`${devnet.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`devnet ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
};

export const produceBlocks = (devnet: RunningDevnet, count: number): Promise<unknown> =>
  control(devnet, '/devnet/blocks', { count });

/** The solid depth is 3: four blocks make a transfer visible to `walletsolidity` reads. */
export const SOLIDIFYING_BLOCKS = 4;

/** Funds `address` from genesis and waits (by producing blocks) until the funding is solid. */
export const fundSolid = async (devnet: RunningDevnet, address: string, amountSun: number): Promise<void> => {
  await control(devnet, '/devnet/fund', { address, amountSun });
  await produceBlocks(devnet, SOLIDIFYING_BLOCKS);
};

export const transfersOf = async (devnet: RunningDevnet, address: string): Promise<DevnetTransfer[]> => {
  const answer = (await control(devnet, `/devnet/transactions?address=${encodeURIComponent(address)}`)) as {
    transactions: DevnetTransfer[];
  };
  return answer.transactions;
};

/** Transfers sent from `address` (its funding from genesis excluded). */
export const transfersSentBy = async (devnet: RunningDevnet, address: string): Promise<DevnetTransfer[]> =>
  (await transfersOf(devnet, address)).filter((transfer) => transfer.from === address);
