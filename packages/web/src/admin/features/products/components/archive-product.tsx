import type { Product } from '@trx-shop/client';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { useArchiveProduct } from '../api/product-actions.js';

/** Archives the product after a confirmation; its page then shows it Archived, with Make active. */
export const ArchiveProduct = ({ product }: { product: Product }) => {
  const archive = useArchiveProduct(product._id);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button
        type="button"
        className="danger"
        onClick={() => {
          archive.reset();
          setConfirming(true);
        }}
      >
        Archive…
      </button>
      {archive.isError && <ErrorNotice error={archive.error} title="The product was not archived" />}
      <ConfirmDialog
        open={confirming}
        title={`Archive ${product.name}?`}
        confirmLabel="Archive"
        busy={archive.isPending}
        onConfirm={() => archive.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      >
        <p>It leaves the storefront; orders keep it.</p>
      </ConfirmDialog>
    </>
  );
};
