import { Link } from 'wouter';
import type { CartLine } from '../../../../shared/cart/cart-lines.js';
import { Empty } from '../../../../shared/ui/status.js';
import { PlaceOrderError } from './place-order-error.js';

interface PlaceOrderProps {
  readonly lines: readonly CartLine[];
  readonly units: number;
  readonly placing: boolean;
  readonly error: unknown;
  readonly onPlace: () => void;
}

/** The first step: the cart becomes an order, which the API prices (nothing is paid yet). */
export const PlaceOrder = ({ lines, units, placing, error, onPlace }: PlaceOrderProps) => {
  if (lines.length === 0) {
    return (
      <Empty>
        Your cart is empty. <Link href="/">Browse the shop</Link>
      </Empty>
    );
  }
  return (
    <section aria-labelledby="place-order" className="stack">
      <h2 id="place-order">Your order</h2>
      <p>
        {units} {units === 1 ? 'item' : 'items'} of {lines.length}{' '}
        {lines.length === 1 ? 'product' : 'products'}. <Link href="/cart">Review the cart</Link>
      </p>
      <p className="muted">
        Placing the order reserves nothing and moves no money: the shop prices it, then you pay it from your
        wallet.
      </p>
      {error !== null && <PlaceOrderError error={error} />}
      <div className="actions">
        <button type="button" className="primary" onClick={onPlace} disabled={placing}>
          {placing ? 'Placing the order…' : 'Place order'}
        </button>
      </div>
    </section>
  );
};
