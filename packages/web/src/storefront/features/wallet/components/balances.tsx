import type { components } from '@trx-shop/client';
import { Trx } from '../../../../shared/ui/money.js';

type Balance = components['schemas']['GetWalletBalanceResponse'];

/** The solidified balance and what transfers still in flight hold of it, exactly as the API gives them. */
export const Balances = ({ balance }: { balance: Balance }) => (
  <section className="card stack" aria-labelledby="wallet-balance-title">
    <h2 id="wallet-balance-title">Balance</h2>
    <dl className="facts">
      <div>
        <dt>Confirmed balance</dt>
        <dd className="wallet-balance">
          <Trx amount={balance.balance} />
        </dd>
      </div>
      <div>
        <dt>Held by pending transfers</dt>
        <dd>
          <Trx amount={balance.pendingOutgoing} />
        </dd>
      </div>
    </dl>
    <p className="muted">
      The confirmed balance counts transfers the network has made final; payments and withdrawals still on
      their way hold part of it until they settle.
    </p>
  </section>
);
