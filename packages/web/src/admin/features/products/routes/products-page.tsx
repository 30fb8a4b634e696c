/** Placeholder until the page is built. */
const ProductsPage = () => (
  <section className="stack">
    <h1>Products</h1>
  </section>
);

export default ProductsPage;
