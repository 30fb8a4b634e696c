import type { Transaction } from '@trx-shop/client';
import { Link } from 'wouter';
import { Trx } from '../../../../shared/ui/money.js';
import { TableScroll } from '../../../../shared/ui/table-scroll.js';
import { Time } from '../../../../shared/ui/time.js';
import { TxId } from './tx-id.js';
import { TRANSACTION_STATUS_WORDS, TRANSACTION_TYPE_WORDS } from '../utils/transaction-words.js';

/** The wallet's movements, newest first: what, how much, where it stands, its txid and its order. */
export const TransactionsTable = ({
  transactions,
  busy,
}: {
  transactions: readonly Transaction[];
  busy: boolean;
}) => (
  <TableScroll label="Transaction history">
    <table aria-label="Transactions" aria-busy={busy}>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Type</th>
          <th scope="col" className="number">
            Amount
          </th>
          <th scope="col">Status</th>
          <th scope="col">Transaction ID</th>
          <th scope="col">Order</th>
        </tr>
      </thead>
      <tbody>
        {transactions.map((transaction) => (
          <tr key={transaction._id}>
            <td>
              <Time iso={transaction.createdAt} />
            </td>
            <td>{TRANSACTION_TYPE_WORDS[transaction.type]}</td>
            <td className="number">
              <Trx amount={transaction.amount} />
            </td>
            <td>
              <span className={`transaction-status transaction-status-${transaction.status}`}>
                {TRANSACTION_STATUS_WORDS[transaction.status]}
              </span>
              {transaction.failureReason && (
                <>
                  <br />
                  <small className="muted">{transaction.failureReason}</small>
                </>
              )}
            </td>
            <td>
              <TxId hash={transaction.transactionHash} />
            </td>
            <td>
              {transaction.orderId ? (
                <Link href={`/orders/${transaction.orderId}`}>View order</Link>
              ) : (
                <span className="muted">None</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </TableScroll>
);
