import type { Webhook } from '@trx-shop/client';
import { Time } from '../../../../shared/ui/time.js';
import { describeEvents } from '../utils/webhook-events.js';
import { WebhookStatusBadge } from './webhook-status-badge.js';

/** Where it sends, what, whether it does, and since when it fails. */
export const WebhookOverview = ({ webhook }: { webhook: Webhook }) => (
  <dl className="facts card">
    <div>
      <dt>Status</dt>
      <dd>
        <WebhookStatusBadge webhook={webhook} />
      </dd>
    </div>
    <div>
      <dt>URL</dt>
      <dd>
        <code className="hash">{webhook.url}</code>
      </dd>
    </div>
    <div>
      <dt>Description</dt>
      <dd>{webhook.description || <span className="muted">none</span>}</dd>
    </div>
    <div>
      <dt>Events</dt>
      <dd>{describeEvents(webhook.events)}</dd>
    </div>
    {webhook.failingSince && (
      <div>
        <dt>Failing since</dt>
        <dd>
          <Time iso={webhook.failingSince} />
        </dd>
      </div>
    )}
    {webhook.previousSecretExpiresAt && (
      <div>
        <dt>Previous secret signs until</dt>
        <dd>
          <Time iso={webhook.previousSecretExpiresAt} />
        </dd>
      </div>
    )}
    <div>
      <dt>Created</dt>
      <dd>
        <Time iso={webhook.createdAt} />
      </dd>
    </div>
    <div>
      <dt>Updated</dt>
      <dd>
        <Time iso={webhook.updatedAt} />
      </dd>
    </div>
  </dl>
);
