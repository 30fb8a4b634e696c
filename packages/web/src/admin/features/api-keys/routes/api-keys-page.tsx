/** Placeholder until the page is built. */
const ApiKeysPage = () => (
  <section className="stack">
    <h1>API keys</h1>
  </section>
);

export default ApiKeysPage;
