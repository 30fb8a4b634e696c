import type { Sun, WalletFunding } from '@trx-shop/domain';

/** The embedded default's airdrop: new wallets get TRX from the devnet genesis account. */
export const devnetFunding = (devnetUrl: string, amountSun: Sun): WalletFunding => ({
  fundNewWallet: async (address) => {
    if (amountSun <= 0) return;
    const response = await fetch(`${devnetUrl}/devnet/fund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address, amountSun }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`devnet funding answered ${response.status}`);
  },
});
