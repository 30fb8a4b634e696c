import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Pager } from '../../../../shared/ui/pager.js';
import { Empty, Loading } from '../../../../shared/ui/status.js';
import { useRedeliver, useWebhookDeliveries } from '../api/deliveries.js';
import { DeliveriesTable } from './deliveries-table.js';

/** The endpoint's delivery log, paged by the API, read again on Refresh (deliveries push no frames). */
export const WebhookDeliveries = ({
  webhookId,
  page,
  onPage,
}: {
  webhookId: string;
  page: number;
  onPage: (page: number) => void;
}) => {
  const deliveries = useWebhookDeliveries(webhookId, page);
  const redeliver = useRedeliver(webhookId);

  return (
    <section aria-labelledby="webhook-deliveries" className="stack">
      <div className="page-head">
        <h2 id="webhook-deliveries">Deliveries</h2>
        <button type="button" disabled={deliveries.isFetching} onClick={() => void deliveries.refetch()}>
          {deliveries.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {redeliver.isSuccess && (
        <p role="status" className="notice notice-ok">
          Delivery <code>{redeliver.data.delivery.eventId}</code> ({redeliver.data.delivery.eventType}) queued
          again: it is sent now, its retry schedule started over.
        </p>
      )}
      {redeliver.isError && <ErrorNotice error={redeliver.error} title="The delivery was not sent again" />}
      {deliveries.isPending ? (
        <Loading label="Loading deliveries" />
      ) : deliveries.isError ? (
        <ErrorNotice error={deliveries.error} title="The deliveries could not be loaded" />
      ) : deliveries.data.deliveries.length === 0 ? (
        <Empty>
          {deliveries.data.pagination.total > 0
            ? `Page ${page} is past the last page.`
            : 'No deliveries yet: events that happen from now on are sent here. Send a test ping to try it.'}
        </Empty>
      ) : (
        <DeliveriesTable
          deliveries={deliveries.data.deliveries}
          busy={deliveries.isPlaceholderData}
          redelivering={redeliver.isPending ? redeliver.variables : undefined}
          onRedeliver={(delivery) => redeliver.mutate(delivery._id)}
        />
      )}
      {deliveries.data && deliveries.data.pagination.total > 0 && (
        <Pager page={page} pages={deliveries.data.pagination.pages} onPage={onPage} />
      )}
    </section>
  );
};
