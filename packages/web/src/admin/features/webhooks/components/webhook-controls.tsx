import type { Webhook } from '@trx-shop/client';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { ShownOnce } from '../../../../shared/ui/shown-once.js';
import { usePingWebhook } from '../api/deliveries.js';
import { useDeleteWebhook, useRotateWebhookSecret, useUpdateWebhook } from '../api/webhook.js';
import { endpointState } from '../utils/webhook-status.js';

type Confirming = 'rotate' | 'delete' | null;

/** Pause or resume, ping, rotate the secret, delete: the endpoint's actions, each with its outcome. */
export const WebhookControls = ({ webhook }: { webhook: Webhook }) => {
  const [, navigate] = useLocation();
  const update = useUpdateWebhook(webhook._id);
  const ping = usePingWebhook(webhook._id);
  const rotate = useRotateWebhookSecret(webhook._id);
  const remove = useDeleteWebhook(webhook._id);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const state = endpointState(webhook);

  return (
    <section aria-labelledby="webhook-actions" className="stack">
      <h2 id="webhook-actions">Actions</h2>
      <div className="button-row">
        <button
          type="button"
          disabled={update.isPending}
          onClick={() => update.mutate({ enabled: state !== 'active' })}
        >
          {state === 'active' ? 'Pause' : state === 'paused' ? 'Resume' : 'Enable again'}
        </button>
        <button type="button" disabled={ping.isPending} onClick={() => ping.mutate()}>
          Send a test ping
        </button>
        <button type="button" onClick={() => setConfirming('rotate')}>
          Rotate secret…
        </button>
        <button type="button" className="danger" onClick={() => setConfirming('delete')}>
          Delete…
        </button>
      </div>
      <p className="muted">
        {state === 'active'
          ? 'Pausing stops sending: events that happen while paused are not queued for it.'
          : 'Nothing is sent while it is not active; what happened meanwhile is not sent after it resumes.'}
      </p>
      {update.isError && <ErrorNotice error={update.error} title="The endpoint was not changed" />}
      {ping.isSuccess && (
        <p role="status" className="notice notice-ok">
          Ping queued (delivery <code>{ping.data.delivery._id}</code>): it appears in the deliveries below;
          Refresh to see its outcome.
        </p>
      )}
      {ping.isError && <ErrorNotice error={ping.error} title="The ping was not queued" />}
      {rotate.isSuccess && (
        <ShownOnce
          title="New signing secret"
          label={`New signing secret of ${webhook.url}`}
          value={rotate.data.secret}
          onDone={() => rotate.reset()}
        >
          <p>
            Deliveries carry both signatures until the previous secret expires; switch the receiver to this
            one before then.
          </p>
        </ShownOnce>
      )}
      {rotate.isError && <ErrorNotice error={rotate.error} title="The secret was not rotated" />}
      {remove.isError && <ErrorNotice error={remove.error} title="The endpoint was not deleted" />}
      <ConfirmDialog
        open={confirming === 'rotate'}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        busy={rotate.isPending}
        onConfirm={() => rotate.mutate(undefined, { onSettled: () => setConfirming(null) })}
        onCancel={() => setConfirming(null)}
      >
        <p>
          A new secret signs every delivery to {webhook.url} from now on, shown once. The current secret keeps
          signing too for 24 hours, then stops: the receiver must check with the new one by then.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'delete'}
        title="Delete this endpoint?"
        confirmLabel="Delete endpoint"
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => navigate('/webhooks'),
            onSettled: () => setConfirming(null),
          })
        }
        onCancel={() => setConfirming(null)}
      >
        <p>
          Delete {webhook.url} and its delivery log. Nothing more is sent to it, including deliveries still
          waiting to be retried.
        </p>
      </ConfirmDialog>
    </section>
  );
};
