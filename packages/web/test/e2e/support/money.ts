/** An amount as the pages must show it, written apart from the app's formatter: exact TRX. */
export const trxText = (amount: number): string =>
  `${amount.toLocaleString('en-US', { maximumFractionDigits: 6 })} TRX`;

/** A USDT amount as the pages must show it, written apart from the app's formatter. */
export const usdtText = (amount: number): string =>
  `${amount.toLocaleString('en-US', { maximumFractionDigits: 6 })} USDT`;
