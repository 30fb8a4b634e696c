import type { Order } from '@trx-shop/client';
import { Trx } from '../../../../shared/ui/money.js';
import { lineTotal } from '../utils/order-amounts.js';
import { TableScroll } from '../../../../shared/ui/table-scroll.js';

/** What was ordered and how the total comes about, every amount as the API gives it. */
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
            <th scope="col" className="number">
              Line total
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
              <td className="number">
                <Trx amount={lineTotal(line.price, line.quantity)} />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Subtotal
            </th>
            <td className="number">
              <Trx amount={order.subtotal} />
            </td>
          </tr>
          {order.discount !== 0 && (
            <tr>
              <th scope="row" colSpan={3}>
                Discount
              </th>
              <td className="number">
                <Trx amount={order.discount} />
              </td>
            </tr>
          )}
          <tr>
            <th scope="row" colSpan={3}>
              Network fee
            </th>
            <td className="number">
              <Trx amount={order.networkFee} />
            </td>
          </tr>
          <tr>
            <th scope="row" colSpan={3}>
              Total
            </th>
            <td className="number">
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
