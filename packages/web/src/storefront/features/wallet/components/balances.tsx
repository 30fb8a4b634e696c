import type { components } from '@trx-shop/client';
import type { ReactNode } from 'react';
import { Trx } from '../../../../shared/ui/money.js';
import { Usdt } from '../../../../shared/ui/usdt.js';

type WalletBalance = components['schemas']['GetWalletBalanceResponse'];
type CurrencyBalance = WalletBalance['balances'][number];

const Amount = ({ currency, amount }: { currency: CurrencyBalance['currency']; amount: number }) =>
  currency === 'TRX' ? <Trx amount={amount} /> : <Usdt amount={amount} />;

/** One currency's solidified balance and what transfers in flight hold of it. */
const CurrencyFacts = ({ entry, children }: { entry: CurrencyBalance; children?: ReactNode }) => {
  const titleId = `wallet-balance-${entry.currency.toLowerCase()}`;
  return (
    <section className="stack wallet-currency" aria-labelledby={titleId}>
      <h3 id={titleId}>{entry.currency}</h3>
      <dl className="facts">
        <div>
          <dt>Confirmed balance</dt>
          <dd className="wallet-balance">
            <Amount currency={entry.currency} amount={entry.balance} />
          </dd>
        </div>
        <div>
          <dt>Held by pending transfers</dt>
          <dd>
            <Amount currency={entry.currency} amount={entry.pendingOutgoing} />
          </dd>
        </div>
      </dl>
      {children}
    </section>
  );
};

/**
 * Each currency the API lists (TRX, and USDT when the shop follows it), exactly as it gives them,
 * with the TRX a USDT transfer burns: USDT moves only while the wallet holds TRX for its fee.
 */
export const Balances = ({ balance }: { balance: WalletBalance }) => (
  <section className="card stack" aria-labelledby="wallet-balance-title">
    <h2 id="wallet-balance-title">Balance</h2>
    {balance.balances.map((entry) => (
      <CurrencyFacts key={entry.currency} entry={entry}>
        {entry.currency === 'USDT' && balance.usdtTransferFee !== null && (
          <p className="muted">
            A USDT transfer burns about <Trx amount={balance.usdtTransferFee} /> of this wallet's TRX.
          </p>
        )}
      </CurrencyFacts>
    ))}
    <p className="muted">
      The confirmed balance counts transfers the network has made final; payments and withdrawals still on
      their way hold part of it until they settle.
    </p>
  </section>
);
