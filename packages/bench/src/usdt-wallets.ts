import type { ChainPort, CreatedWallet } from '@trx-shop/domain';
import type { DevnetControl } from '@trx-shop/test-kit';
import { forEachIndex } from './in-parallel.js';

/** 200 TRX: the energy of a dozen transfers at the devnet's price (6.4 TRX to a holder, 13 to a non-holder). */
const WALLET_TRX_SUN = 200_000_000;
/** 1,000 USDT in base units (6 decimals): far more than the transfers of one run move. */
const WALLET_USDT_UNITS = 1_000_000_000;
const CONTROL_CONCURRENCY = 8;

export interface UsdtWallets {
  readonly senders: readonly CreatedWallet[];
  /** Holds USDT, as a shop's merchant wallet does: a transfer to it costs the holder energy. */
  readonly recipient: string;
}

/**
 * `senders` wallets and one recipient made by the adapter (keys generated locally, as the service
 * makes custodial wallets), each given TRX from genesis and USDT minted, the fundings made solid.
 */
export const fundUsdtWallets = async (
  chain: ChainPort,
  control: DevnetControl,
  senders: number,
): Promise<UsdtWallets> => {
  const wallets: CreatedWallet[] = [];
  for (let i = 0; i <= senders; i += 1) wallets.push(await chain.createWallet());
  await forEachIndex(wallets.length, CONTROL_CONCURRENCY, async (index) => {
    const { address } = wallets[index] as CreatedWallet;
    await control.fund(address, WALLET_TRX_SUN);
    await control.mintUsdt(address, WALLET_USDT_UNITS);
  });
  await control.settle();
  const [recipient, ...rest] = wallets as [CreatedWallet, ...CreatedWallet[]];
  return { senders: rest, recipient: recipient.address };
};
