import { useState } from 'react';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { useCancelOrder } from '../api/cancel-order.js';

/** "Cancel order" behind a confirmation: a pending order with no payment on its way. */
export const CancelOrder = ({ id, orderNumber }: { id: string; orderNumber: string }) => {
  const [open, setOpen] = useState(false);
  const cancel = useCancelOrder(id);
  return (
    <section aria-labelledby="cancel-order" className="stack">
      <h2 id="cancel-order">Changed your mind?</h2>
      {cancel.isError && <ErrorNotice error={cancel.error} title="The order could not be cancelled" />}
      <div className="actions">
        <button type="button" onClick={() => setOpen(true)}>
          Cancel order
        </button>
      </div>
      <ConfirmDialog
        open={open}
        title={`Cancel order ${orderNumber}?`}
        confirmLabel="Cancel the order"
        busy={cancel.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setOpen(false) })}
      >
        <p>Nothing has been paid for it. Once cancelled it cannot be paid; you can place a new order.</p>
      </ConfirmDialog>
    </section>
  );
};
