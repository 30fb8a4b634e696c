/** Placeholder until the page is built. */
const CataloguePage = () => (
  <section className="stack">
    <h1>Shop</h1>
  </section>
);

export default CataloguePage;
