import { formatUsdt } from '../format/usdt.js';

/** A USDT amount exactly as the API gave it. */
export const Usdt = ({ amount }: { amount: number }) => <span className="money">{formatUsdt(amount)}</span>;
