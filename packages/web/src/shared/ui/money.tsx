import { formatTrx } from '../format/money.js';

/** A TRX amount exactly as the API gave it. */
export const Trx = ({ amount }: { amount: number }) => <span className="money">{formatTrx(amount)}</span>;
