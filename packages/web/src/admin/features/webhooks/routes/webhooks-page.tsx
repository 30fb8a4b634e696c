import { Link } from 'wouter';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { ShownOnce } from '../../../../shared/ui/shown-once.js';
import { Empty, Loading } from '../../../../shared/ui/status.js';
import { useCreateWebhook, useWebhooks } from '../api/webhooks.js';
import { WebhookForm } from '../components/webhook-form.js';
import { WebhooksTable } from '../components/webhooks-table.js';

/** The endpoints that receive the shop's events, and a form to add one (its secret shown once). */
const WebhooksPage = () => {
  const webhooks = useWebhooks();
  const create = useCreateWebhook();

  return (
    <section className="stack">
      <h1>Webhooks</h1>
      <p className="muted">
        Endpoints receive the shop's events as signed POSTs (Standard Webhooks), retried until they answer
        2xx.
      </p>
      {webhooks.isPending ? (
        <Loading label="Loading endpoints" />
      ) : webhooks.isError ? (
        <ErrorNotice error={webhooks.error} title="The endpoints could not be loaded" />
      ) : webhooks.data.length === 0 ? (
        <Empty>No endpoints yet: add one below to receive the shop's events.</Empty>
      ) : (
        <WebhooksTable webhooks={webhooks.data} />
      )}
      {create.isSuccess && (
        <ShownOnce
          title="Signing secret"
          label={`Signing secret of ${create.data.webhook.url}`}
          value={create.data.secret}
          onDone={() => create.reset()}
        >
          <p>
            Endpoint added:{' '}
            <Link href={`/webhooks/${create.data.webhook._id}`}>{create.data.webhook.url}</Link>. Its receiver
            checks each delivery's <code>webhook-signature</code> with this secret.
          </p>
        </ShownOnce>
      )}
      <WebhookForm
        // A new form after each endpoint added, so it starts empty again.
        key={create.data?.webhook._id ?? 'new'}
        title="Add an endpoint"
        submitLabel="Add endpoint"
        pending={create.isPending}
        error={create.error}
        errorTitle="The endpoint was not added"
        onSubmit={(input) => create.mutate(input)}
      />
    </section>
  );
};

export default WebhooksPage;
