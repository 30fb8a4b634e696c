import type { OrderQuote } from '@trx-shop/client';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'wouter';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Trx } from '../../../../shared/ui/money.js';
import { Loading } from '../../../../shared/ui/status.js';

interface CartSummaryProps {
  readonly units: number;
  readonly quote: UseQueryResult<OrderQuote>;
  /** A product could not be read: checkout waits until it can. */
  readonly held: boolean;
}

/** The cart's price exactly as the API quotes it, and the way to checkout once it does. */
export const CartSummary = ({ units, quote, held }: CartSummaryProps) => (
  <section className="cart-summary card stack" aria-labelledby="cart-summary-title">
    <h2 id="cart-summary-title">Summary</h2>
    <p>
      <strong>
        {units} {units === 1 ? 'item' : 'items'}
      </strong>
    </p>
    {held ? (
      <p>The shop prices your cart once every product in it could be read.</p>
    ) : quote.isError ? (
      <>
        <ErrorNotice error={quote.error} title="The shop could not price your cart" />
        <div className="actions">
          <button type="button" onClick={() => void quote.refetch()} disabled={quote.isFetching}>
            Try again
          </button>
        </div>
      </>
    ) : quote.data === undefined || quote.isFetching ? (
      <Loading label="Pricing your cart" />
    ) : (
      <dl className="cart-totals">
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="quote-subtotal">
            <Trx amount={quote.data.subtotal} />
          </dd>
        </div>
        {quote.data.discount !== 0 && (
          <div>
            <dt>Discount</dt>
            <dd data-testid="quote-discount">
              <Trx amount={quote.data.discount} />
            </dd>
          </div>
        )}
        <div>
          <dt>Network fee reduction (granted by the shop)</dt>
          <dd data-testid="quote-network-fee">
            <Trx amount={quote.data.networkFee} />
          </dd>
        </div>
        <div className="cart-total">
          <dt>Total</dt>
          <dd data-testid="quote-total">
            <Trx amount={quote.data.total} />
          </dd>
        </div>
      </dl>
    )}
    <p className="muted">
      The network fee your payment burns is shown at checkout, read from your wallet. Stock is checked again
      when you place the order.
    </p>
    {!held && quote.isSuccess && !quote.isFetching && (
      <Link href="/checkout" className="button-link">
        Check out
      </Link>
    )}
  </section>
);
