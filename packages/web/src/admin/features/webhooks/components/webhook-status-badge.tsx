import type { Webhook } from '@trx-shop/client';
import { ENDPOINT_STATE_WORDS, endpointState } from '../utils/webhook-status.js';

/** Active, Paused, or Disabled by the service with the reason it gave. */
export const WebhookStatusBadge = ({ webhook }: { webhook: Webhook }) => {
  const state = endpointState(webhook);
  return (
    <>
      <span className={`webhook-status webhook-status-${state}`}>{ENDPOINT_STATE_WORDS[state]}</span>
      {state === 'disabled' && <div className="webhook-reason">{webhook.disabledReason}</div>}
    </>
  );
};
