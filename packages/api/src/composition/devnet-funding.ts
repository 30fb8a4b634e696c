import type { Sun, UsdtUnits, WalletFunding } from '@trx-shop/domain';
import type { RunningDevnet } from '@trx-shop/tron-devnet';

export interface DevnetAirdrop {
  readonly trxSun: Sun;
  /** 0 when USDT is off or the service follows another contract than the devnet's own token. */
  readonly usdtUnits: UsdtUnits;
}

/**
 * The embedded default's airdrop: new wallets get TRX from the devnet genesis account and USDT
 * minted by the devnet's token. The devnet runs in this process, so it is asked directly rather
 * than over its HTTP API, which would load Node's fetch (undici: ~55 ms and ~10 MB) for this one
 * call, on the bootstrap admin's start-up path.
 */
export const devnetFunding = (
  devnet: Pick<RunningDevnet, 'fund' | 'mintUsdt'>,
  airdrop: DevnetAirdrop,
): WalletFunding => ({
  fundNewWallet: async (address) => {
    if (airdrop.trxSun > 0) devnet.fund(address, airdrop.trxSun);
    if (airdrop.usdtUnits > 0) devnet.mintUsdt(address, airdrop.usdtUnits);
  },
});
