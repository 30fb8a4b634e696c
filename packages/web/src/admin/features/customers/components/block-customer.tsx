import type { components } from '@trx-shop/client';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { useSetCustomerActive } from '../api/customer-actions.js';

type Customer = components['schemas']['Customer'];

/** Block or unblock, each after a confirmation saying what it does to the customer. */
export const BlockCustomer = ({ customer }: { customer: Customer }) => {
  const setActive = useSetCustomerActive(customer._id);
  const [confirming, setConfirming] = useState(false);
  const blocking = customer.isActive;
  const name = customer.username;

  return (
    <section aria-labelledby="customer-access" className="stack">
      <h2 id="customer-access">Access</h2>
      <p>
        {blocking
          ? `${name} can sign in and place orders.`
          : `${name} is blocked: they cannot sign in or use the API.`}
      </p>
      <div>
        <button
          type="button"
          className={blocking ? 'danger' : undefined}
          onClick={() => {
            setActive.reset();
            setConfirming(true);
          }}
        >
          {blocking ? 'Block…' : 'Unblock…'}
        </button>
      </div>
      {setActive.isSuccess && (
        <p role="status" className="notice notice-ok">
          {setActive.data.message}
        </p>
      )}
      {setActive.isError && (
        <ErrorNotice
          error={setActive.error}
          title={blocking ? `${name} was not blocked` : `${name} was not unblocked`}
        />
      )}
      <ConfirmDialog
        open={confirming}
        title={blocking ? `Block ${name}?` : `Unblock ${name}?`}
        confirmLabel={blocking ? 'Block' : 'Unblock'}
        busy={setActive.isPending}
        onConfirm={() => setActive.mutate(!blocking, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {blocking
            ? 'Their sessions end at once and they cannot sign in until unblocked.'
            : 'They can sign in again with their password.'}
        </p>
      </ConfirmDialog>
    </section>
  );
};
