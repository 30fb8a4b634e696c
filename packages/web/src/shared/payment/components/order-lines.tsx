import type { Order } from '@trx-shop/client';
import { Trx } from '../../ui/money.js';
import { TableScroll } from '../../ui/table-scroll.js';

/** The order's lines and totals exactly as the API priced them. */
export const OrderLines = ({ order }: { order: Order }) => (
  <section aria-labelledby="order-lines">
    <h2 id="order-lines">Items</h2>
    <TableScroll label="Order lines">
      <table>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="number">
              Quantity
            </th>
            <th scope="col" className="number">
              Unit price
            </th>
          </tr>
        </thead>
        <tbody>
          {order.products.map((line) => (
            <tr key={`${line.productId}-${line.color ?? ''}`}>
              <td>
                {line.name}
                {line.color && <span className="muted"> ({line.color})</span>}
              </td>
              <td className="number">{line.quantity}</td>
              <td className="number">
                <Trx amount={line.price} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              Subtotal
            </th>
            <td className="number" data-testid="subtotal">
              <Trx amount={order.subtotal} />
            </td>
          </tr>
          {order.discount !== 0 && (
            <tr>
              <th scope="row" colSpan={2}>
                Discount
              </th>
              <td className="number">
                <Trx amount={order.discount} />
              </td>
            </tr>
          )}
          <tr>
            <th scope="row" colSpan={2}>
              Network fee reduction the shop grants
            </th>
            <td className="number" data-testid="network-fee">
              <Trx amount={order.networkFee} />
            </td>
          </tr>
          <tr>
            <th scope="row" colSpan={2}>
              Total
            </th>
            <td className="number" data-testid="total">
              <strong>
                <Trx amount={order.total} />
              </strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  </section>
);
