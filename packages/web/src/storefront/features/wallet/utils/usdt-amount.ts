import { formatTrx } from '../../../../shared/format/money.js';

/** A USDT amount exactly as the API gives it: the same 6 decimals and grouping as TRX. */
export const formatUsdt = (amount: number): string => `${formatTrx(amount).slice(0, -' TRX'.length)} USDT`;
