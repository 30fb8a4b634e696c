import type { ChainPort, SignedTransfer } from '@trx-shop/domain';
import { type RunningDevnet, startDevnet } from '@trx-shop/tron-devnet';

/** A transaction as the devnet's own bookkeeping (`GET /devnet/transactions`) lists it. */
export interface DevnetTransaction {
  readonly txId: string;
  readonly from: string;
  readonly to: string;
  readonly amountSun: number;
  readonly blockNumber: number | null;
  readonly status: string;
}

export const SOLID_DEPTH = 3;

const request = async <T>(url: string, init?: { method: 'POST'; body: unknown }): Promise<T> => {
  const response = await fetch(
    url,
    init && {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(init.body),
    },
  );
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
};

/** Drives the devnet's control endpoints; blocks are produced only on request so tests never wait. */
export const startControlledDevnet = async () => {
  const devnet: RunningDevnet = await startDevnet({ blockIntervalMs: 0, solidDepth: SOLID_DEPTH });
  const post = <T>(path: string, body: unknown) =>
    request<T>(`${devnet.url}${path}`, { method: 'POST', body });
  const control = {
    devnet,
    fund: (address: string, amountSun: number) =>
      post<{ txId: string }>('/devnet/fund', { address, amountSun }),
    produceBlocks: (count: number) => post<{ head: number }>('/devnet/blocks', { count }),
    advanceTime: (advanceMs: number) => post<{ headTime: number }>('/devnet/time', { advanceMs }),
    injectFaults: (mode: 'reject' | 'drop' | 'timeout' | 'accept-timeout', count: number) =>
      post<unknown>('/devnet/faults', { mode, count }),
    state: () => request<{ head: number; solid: number; headTime: number }>(`${devnet.url}/devnet/state`),
    transactionsOf: async (address: string) =>
      (
        await request<{ transactions: DevnetTransaction[] }>(
          `${devnet.url}/devnet/transactions?address=${encodeURIComponent(address)}`,
        )
      ).transactions,
    /** One block to include what is pending, then enough for that block to become solid. */
    settle: () => control.produceBlocks(1 + SOLID_DEPTH),
  };
  return control;
};

export type DevnetControl = Awaited<ReturnType<typeof startControlledDevnet>>;

/** A wallet whose funding is already on the solidified chain. */
export const fundedWallet = async (chain: ChainPort, control: DevnetControl, amountSun: number) => {
  const wallet = await chain.createWallet();
  await control.fund(wallet.address, amountSun);
  await control.settle();
  return wallet;
};

/**
 * Bandwidth of a signed single-signature transaction, computed independently of the adapter:
 * protobuf field 1 (raw_data) and field 2 (the 65-byte signature), each a tag byte plus a length
 * varint, plus java-tron's 64-byte result reserve.
 */
export const bandwidthBytesOf = (signed: SignedTransfer): number => {
  const { raw_data_hex: rawDataHex } = JSON.parse(signed.signedTransaction) as { raw_data_hex: string };
  const rawLength = rawDataHex.length / 2;
  let lengthVarintBytes = 1;
  for (let rest = rawLength >> 7; rest > 0; rest >>= 7) lengthVarintBytes += 1;
  return 1 + lengthVarintBytes + rawLength + (1 + 1 + 65) + 64;
};
