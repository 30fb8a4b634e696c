/** Placeholder until the page is built. */
const ReconciliationPage = () => (
  <section className="stack">
    <h1>Reconciliation</h1>
  </section>
);

export default ReconciliationPage;
