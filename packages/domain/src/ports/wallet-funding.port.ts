/** Gives a new custodial wallet starting funds: only the embedded devnet does (its genesis airdrop). */
export interface WalletFunding {
  fundNewWallet(address: string): Promise<void>;
}
