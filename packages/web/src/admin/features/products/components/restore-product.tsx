import type { Product } from '@trx-shop/client';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { useUpdateProduct } from '../api/product-actions.js';

/** Makes an archived product active again (`PATCH {isActive: true}`), from its row or its page. */
export const RestoreProduct = ({ product }: { product: Product }) => {
  const update = useUpdateProduct(product._id);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          update.reset();
          setConfirming(true);
        }}
      >
        Make active…
      </button>
      {update.isError && <ErrorNotice error={update.error} title={`${product.name} is still archived`} />}
      <ConfirmDialog
        open={confirming}
        title={`Make ${product.name} active?`}
        confirmLabel="Make active"
        busy={update.isPending}
        onConfirm={() => update.mutate({ isActive: true }, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      >
        <p>It returns to the storefront, where customers can order it again.</p>
      </ConfirmDialog>
    </>
  );
};
