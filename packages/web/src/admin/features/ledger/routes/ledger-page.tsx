/** Placeholder until the page is built. */
const LedgerPage = () => (
  <section className="stack">
    <h1>Ledger</h1>
  </section>
);

export default LedgerPage;
