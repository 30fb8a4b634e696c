import { Link } from 'wouter';
import { Trx } from '../../../../shared/ui/money.js';
import { TableScroll } from '../../../../shared/ui/table-scroll.js';
import { Time } from '../../../../shared/ui/time.js';
import {
  FAILURE_REASON_WORDS,
  type LedgerMovement,
  MOVEMENT_STATUS_WORDS,
  MOVEMENT_TYPE_WORDS,
  shortHash,
} from '../utils/ledger-words.js';

/** The hash shortened on screen, whole for screen readers and on hover. */
const TxHash = ({ hash }: { hash: string }) => (
  <code className="ledger-hash" title={hash}>
    <span aria-hidden="true">{shortHash(hash)}</span>
    <span className="ledger-hash-full">{hash}</span>
  </code>
);

export const LedgerTable = ({ movements, busy }: { movements: readonly LedgerMovement[]; busy: boolean }) => (
  <TableScroll label="Movement list">
    <table aria-label="Movements" aria-busy={busy}>
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Type</th>
          <th scope="col">Direction</th>
          <th scope="col">Status</th>
          <th scope="col" className="number">
            Amount
          </th>
          <th scope="col" className="number">
            Balance after
          </th>
          <th scope="col">Transaction</th>
          <th scope="col">Order</th>
        </tr>
      </thead>
      <tbody>
        {movements.map((movement) => (
          <tr key={movement._id}>
            <td>
              <Time iso={movement.createdAt} />
            </td>
            <td>{MOVEMENT_TYPE_WORDS[movement.type]}</td>
            <td>{movement.direction === 'in' ? 'In' : 'Out'}</td>
            <td>
              <span className={`movement-status movement-status-${movement.status}`}>
                {MOVEMENT_STATUS_WORDS[movement.status]}
              </span>
              {movement.failureReason && (
                <>
                  <br />
                  <span className="muted">{FAILURE_REASON_WORDS[movement.failureReason]}</span>
                </>
              )}
            </td>
            <td className="number">
              <Trx amount={movement.direction === 'out' ? -movement.amount : movement.amount} />
              {movement.fee !== null && movement.fee > 0 && (
                <>
                  <br />
                  <span className="muted">
                    fee <Trx amount={movement.fee} />
                  </span>
                </>
              )}
            </td>
            <td className="number">
              {movement.balanceAfter === null ? (
                <span className="muted">not known</span>
              ) : (
                <Trx amount={movement.balanceAfter} />
              )}
            </td>
            <td>
              <TxHash hash={movement.transactionHash} />
            </td>
            <td>
              {movement.orderId ? (
                <Link href={`/orders/${movement.orderId}`}>View order</Link>
              ) : (
                <span className="muted">none</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </TableScroll>
);
