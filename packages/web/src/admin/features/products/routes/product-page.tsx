/** Placeholder until the page is built: without an id it makes a new product. */
const ProductPage = ({ id }: { id?: string }) => (
  <section className="stack">
    <h1>{id === undefined ? 'New product' : 'Product'}</h1>
  </section>
);

export default ProductPage;
