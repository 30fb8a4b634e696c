import { Link, useSearchParams } from 'wouter';
import { pageOf } from '../../../../shared/format/page-param.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Loading } from '../../../../shared/ui/status.js';
import { useUpdateWebhook, useWebhook } from '../api/webhook.js';
import { WebhookControls } from '../components/webhook-controls.js';
import { WebhookDeliveries } from '../components/webhook-deliveries.js';
import { WebhookForm } from '../components/webhook-form.js';
import { WebhookOverview } from '../components/webhook-overview.js';
import { isWebhookEventType } from '../utils/webhook-events.js';

/** One endpoint: its settings, actions and delivery log (its page in the URL). */
const WebhookPage = ({ id }: { id: string }) => {
  const webhook = useWebhook(id);
  const update = useUpdateWebhook(id);
  const [params, setParams] = useSearchParams();

  const back = (
    <p>
      <Link href="/webhooks">← All webhooks</Link>
    </p>
  );
  if (webhook.isPending) return <Loading label="Loading the endpoint" />;
  if (webhook.isError) {
    return (
      <section>
        {back}
        <h1>Webhook</h1>
        <ErrorNotice error={webhook.error} title="The endpoint could not be loaded" />
      </section>
    );
  }
  const endpoint = webhook.data;
  return (
    <section className="stack">
      {back}
      <h1 className="hash">Webhook {endpoint.url}</h1>
      <WebhookOverview webhook={endpoint} />
      <WebhookControls webhook={endpoint} />
      <WebhookForm
        // Filled again from what the API now holds after each change saved.
        key={endpoint.updatedAt}
        title="Settings"
        initial={{
          url: endpoint.url,
          description: endpoint.description,
          events: endpoint.events.filter(isWebhookEventType),
        }}
        submitLabel="Save changes"
        pending={update.isPending}
        error={update.error}
        errorTitle="The changes were not saved"
        onSubmit={(input) => update.mutate(input)}
      />
      {update.isSuccess && (
        <p role="status" className="notice notice-ok">
          Saved.
        </p>
      )}
      <WebhookDeliveries
        webhookId={id}
        page={pageOf(params)}
        onPage={(page) => setParams(page > 1 ? { page: String(page) } : {})}
      />
    </section>
  );
};

export default WebhookPage;
