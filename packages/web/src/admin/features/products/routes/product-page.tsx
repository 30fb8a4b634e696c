import type { Product } from '@trx-shop/client';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ErrorNotice } from '../../../../shared/ui/error-notice.js';
import { Loading } from '../../../../shared/ui/status.js';
import { useProduct } from '../api/product.js';
import { useCreateProduct, useUpdateProduct } from '../api/product-actions.js';
import { ProductForm } from '../components/product-form.js';
import { ProductState } from '../components/product-state.js';
import { changedFieldsOf, createBodyOf, EMPTY_PRODUCT_FORM, formValuesOf } from '../utils/product-form.js';

const back = (
  <p>
    <Link href="/products">← All products</Link>
  </p>
);

/** A new product; once created, its page. */
const NewProduct = () => {
  const create = useCreateProduct();
  const [, navigate] = useLocation();
  return (
    <section className="stack">
      {back}
      <h1>New product</h1>
      <ProductForm
        initial={EMPTY_PRODUCT_FORM}
        submitLabel="Create product"
        withActive
        busy={create.isPending}
        error={create.error}
        onSubmit={(values) =>
          create.mutate(createBodyOf(values), {
            onSuccess: ({ product }) => navigate(`/products/${product._id}`),
          })
        }
      />
    </section>
  );
};

/** The saved product's fields; only what changed is sent. */
const EditProduct = ({ product }: { product: Product }) => {
  const update = useUpdateProduct(product._id);
  const [unchanged, setUnchanged] = useState(false);
  return (
    <section className="stack">
      {back}
      <h1>Product {product.name}</h1>
      <ProductForm
        // A saved change starts the form again from what the API stored.
        key={product.updatedAt}
        initial={formValuesOf(product)}
        submitLabel="Save changes"
        withActive={false}
        busy={update.isPending}
        error={update.error}
        onSubmit={(values) => {
          update.reset();
          const changed = changedFieldsOf(product, values);
          const nothing = Object.keys(changed).length === 0;
          setUnchanged(nothing);
          if (!nothing) update.mutate(changed);
        }}
      />
      {unchanged && (
        <p role="status" className="muted">
          Nothing changed, so nothing was sent.
        </p>
      )}
      {update.isSuccess && (
        <p role="status" className="notice notice-ok">
          {update.data.message}
        </p>
      )}
      <ProductState product={product} />
    </section>
  );
};

const ExistingProduct = ({ id }: { id: string }) => {
  const product = useProduct(id);
  if (product.isPending) return <Loading label="Loading the product" />;
  if (product.isError) {
    return (
      <section className="stack">
        {back}
        <h1>Product</h1>
        <ErrorNotice error={product.error} title="The product could not be loaded" />
      </section>
    );
  }
  return <EditProduct product={product.data} />;
};

/** Without an id it makes a new product; with one it edits that product, archives it or makes it active again. */
const ProductPage = ({ id }: { id?: string }) =>
  id === undefined ? <NewProduct /> : <ExistingProduct id={id} />;

export default ProductPage;
