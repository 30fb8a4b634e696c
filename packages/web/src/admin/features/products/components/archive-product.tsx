import type { Product } from '@trx-shop/client';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog.js';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { useArchiveProduct } from '../api/product-actions.js';

/** Archives the product after a confirmation, then goes back to the list (where it shows Archived). */
export const ArchiveProduct = ({ product }: { product: Product }) => {
  const archive = useArchiveProduct(product._id);
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  return (
    <section aria-labelledby="archive-product" className="stack">
      <h2 id="archive-product">Archive</h2>
      <p className="muted">Archived products leave the storefront; past orders and statistics keep them.</p>
      <div>
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
      </div>
      {archive.isError && <ErrorNotice error={archive.error} title="The product was not archived" />}
      <ConfirmDialog
        open={confirming}
        title={`Archive ${product.name}?`}
        confirmLabel="Archive"
        busy={archive.isPending}
        onConfirm={() =>
          archive.mutate(undefined, {
            onSuccess: () => navigate('/products'),
            onSettled: () => setConfirming(false),
          })
        }
        onCancel={() => setConfirming(false)}
      >
        <p>It leaves the storefront; orders keep it.</p>
      </ConfirmDialog>
    </section>
  );
};
