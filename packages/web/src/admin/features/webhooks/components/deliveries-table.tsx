import type { WebhookDelivery } from '@trx-shop/client';
import { TableScroll } from '../../../../shared/ui/table-scroll.js';
import { Time } from '../../../../shared/ui/time.js';
import { DELIVERY_STATE_WORDS, deliveryState } from '../utils/webhook-status.js';
import { DeliveryAttempts } from './delivery-attempts.js';

export const DeliveriesTable = ({
  deliveries,
  busy,
  redelivering,
  onRedeliver,
}: {
  deliveries: readonly WebhookDelivery[];
  busy: boolean;
  /** The delivery whose redelivery is under way, if any. */
  redelivering: string | undefined;
  onRedeliver: (delivery: WebhookDelivery) => void;
}) => (
  <TableScroll label="Delivery list">
    <table aria-label="Deliveries" aria-busy={busy}>
      <thead>
        <tr>
          <th scope="col">Event</th>
          <th scope="col" className="number">
            Sequence
          </th>
          <th scope="col">Status</th>
          <th scope="col">Attempts</th>
          <th scope="col">Next attempt</th>
          <th scope="col">Created</th>
          <th scope="col">Action</th>
        </tr>
      </thead>
      <tbody>
        {deliveries.map((delivery) => {
          const state = deliveryState(delivery);
          return (
            <tr key={delivery._id}>
              <td>
                <code>{delivery.eventType}</code>
                <div className="muted hash">{delivery.eventId}</div>
              </td>
              <td className="number">{delivery.sequence}</td>
              <td>
                <span className={`delivery-status delivery-status-${state}`}>
                  {DELIVERY_STATE_WORDS[state]}
                </span>
              </td>
              <td>
                <DeliveryAttempts attempts={delivery.attempts} />
              </td>
              <td>
                {delivery.nextAttemptAt ? (
                  <Time iso={delivery.nextAttemptAt} />
                ) : (
                  <span className="muted">none</span>
                )}
              </td>
              <td>
                <Time iso={delivery.createdAt} />
              </td>
              <td>
                <button
                  type="button"
                  disabled={redelivering === delivery._id}
                  aria-label={`Redeliver ${delivery.eventType} ${delivery.eventId}`}
                  onClick={() => onRedeliver(delivery)}
                >
                  Redeliver
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  </TableScroll>
);
