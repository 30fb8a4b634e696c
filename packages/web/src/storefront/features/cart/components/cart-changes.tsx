import { type CartChange, changeWords } from '../utils/cart-review.js';

/** What the shop changed in the cart since the products were added, so nothing vanishes unexplained. */
export const CartChanges = ({ changes }: { changes: readonly CartChange[] }) =>
  changes.length === 0 ? null : (
    <div role="status" className="notice notice-warn">
      <strong>Your cart was updated</strong>
      <ul>
        {changes.map((change) => (
          <li key={`${change.kind}-${change.productId}`}>{changeWords(change)}</li>
        ))}
      </ul>
    </div>
  );
