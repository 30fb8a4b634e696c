import type { Webhook } from '@trx-shop/client';
import { Link } from 'wouter';
import { TableScroll } from '../../../../shared/ui/table-scroll.js';
import { Time } from '../../../../shared/ui/time.js';
import { describeEvents } from '../utils/webhook-events.js';
import { WebhookStatusBadge } from './webhook-status-badge.js';

export const WebhooksTable = ({ webhooks }: { webhooks: readonly Webhook[] }) => (
  <TableScroll label="Endpoint list">
    <table aria-label="Endpoints">
      <thead>
        <tr>
          <th scope="col">Endpoint</th>
          <th scope="col">Events</th>
          <th scope="col">Status</th>
          <th scope="col">Created</th>
        </tr>
      </thead>
      <tbody>
        {webhooks.map((webhook) => (
          <tr key={webhook._id}>
            <td>
              <Link href={`/webhooks/${webhook._id}`} className="hash">
                {webhook.url}
              </Link>
              {webhook.description && <div className="muted">{webhook.description}</div>}
            </td>
            <td>{describeEvents(webhook.events)}</td>
            <td>
              <WebhookStatusBadge webhook={webhook} />
              {webhook.failingSince && (
                <div className="muted">
                  Failing since <Time iso={webhook.failingSince} />
                </div>
              )}
            </td>
            <td>
              <Time iso={webhook.createdAt} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </TableScroll>
);
