import type { components } from '@trx-shop/client';
import { Trx } from '../../../../shared/ui/money.js';

type LedgerAnswer = components['schemas']['ListMerchantLedgerResponse'];

/** The merchant wallet, what it held before its first line, and the sums of the movements the filters select, as the API gives them. */
export const LedgerSummary = ({ ledger, filtered }: { ledger: LedgerAnswer; filtered: boolean }) => (
  <section aria-labelledby="ledger-summary" className="stack">
    <h2 id="ledger-summary">{filtered ? 'Totals of these movements' : 'Totals'}</h2>
    <dl className="facts card">
      <div>
        <dt>Merchant wallet</dt>
        <dd>
          <code className="hash">{ledger.address}</code>
        </dd>
      </div>
      <div>
        <dt>Opening balance</dt>
        <dd>
          {ledger.openingBalance === null ? (
            <span className="muted">not known (the node does not answer)</span>
          ) : (
            <Trx amount={ledger.openingBalance} />
          )}
        </dd>
      </div>
      <div>
        <dt>In</dt>
        <dd>
          <Trx amount={ledger.totals.in} />
        </dd>
      </div>
      <div>
        <dt>Out</dt>
        <dd>
          <Trx amount={ledger.totals.out} />
        </dd>
      </div>
      <div>
        <dt>Network fees</dt>
        <dd>
          <Trx amount={ledger.totals.fees} />
        </dd>
      </div>
      <div>
        <dt>Net (in − out − fees)</dt>
        <dd>
          <Trx amount={ledger.totals.net} />
        </dd>
      </div>
    </dl>
  </section>
);
