/** Placeholder until the page is built. */
const ProductPage = (_props: { id: string }) => (
  <section className="stack">
    <h1>Product</h1>
  </section>
);

export default ProductPage;
