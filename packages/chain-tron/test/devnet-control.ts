import type { ChainPort, SignedTransfer } from '@trx-shop/domain';
import { devnetControl } from '@trx-shop/test-kit';
import { type DevnetOptions, type RunningDevnet, startDevnet } from '@trx-shop/tron-devnet';

export const SOLID_DEPTH = 3;

/** A devnet producing blocks only on request, so tests never wait, and its control API. */
export const startControlledDevnet = async (options: DevnetOptions = {}) => {
  const devnet: RunningDevnet = await startDevnet({
    ...options,
    blockIntervalMs: 0,
    solidDepth: SOLID_DEPTH,
  });
  return { devnet, ...devnetControl(devnet.url, { solidDepth: SOLID_DEPTH }) };
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
