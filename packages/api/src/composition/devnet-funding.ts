import type { Sun, WalletFunding } from '@trx-shop/domain';
import type { RunningDevnet } from '@trx-shop/tron-devnet';

/**
 * The embedded default's airdrop: new wallets get TRX from the devnet genesis account. The devnet
 * runs in this process, so it is asked directly rather than over its HTTP API, which would load
 * Node's fetch (undici: ~55 ms and ~10 MB) for this one call, on the bootstrap admin's start-up path.
 */
export const devnetFunding = (devnet: Pick<RunningDevnet, 'fund'>, amountSun: Sun): WalletFunding => ({
  fundNewWallet: async (address) => {
    if (amountSun <= 0) return;
    devnet.fund(address, amountSun);
  },
});
