/** Every query key of the wallet, so a withdrawal can invalidate the balance and the history it changed. */
export const walletKeys = {
  all: ['wallet'] as const,
  balance: () => [...walletKeys.all, 'balance'] as const,
  transactions: () => [...walletKeys.all, 'transactions'] as const,
  transactionsPage: (page: number) => [...walletKeys.transactions(), page] as const,
  feeEstimate: (toAddress: string, amount: string) =>
    [...walletKeys.all, 'fee-estimate', toAddress, amount] as const,
};
